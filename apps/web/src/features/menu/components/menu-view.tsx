import type { MenuItem } from '@comensal/contracts';
import {
  memo,
  type MouseEvent,
  type ReactNode,
  useCallback,
  useDeferredValue,
  useMemo,
  useState,
} from 'react';
import { flushSync } from 'react-dom';
import { Link } from 'react-router';
import { ErrorState } from '@/components/errors/error-state';
import { Button } from '@/components/ui/button';
import { NotFound } from '@/components/errors/not-found';
import { IconArrowLeft } from '@/components/ui/icons';
import { Skeleton } from '@/components/ui/skeleton';
import { href, type Query } from '@/config/paths';
import { isNotFound } from '@/lib/api-client';
import { useLocalized, useT } from '@/lib/i18n';
import { useProgressiveCount } from '@/lib/use-progressive-count';
import { useSearchParamsState } from '@/lib/use-search-params-state';
import { useMenu } from '@/features/menu/api/get-menu';
import { firstDishes, groupMenu, type MenuGroup } from '@/features/menu/group-menu';
import {
  EMPTY_MENU_FILTERS,
  hasMenuFilters,
  type MenuFilters,
  menuQueryOf,
  readMenuFilters,
  writeMenuFilters,
} from '@/features/menu/menu-filters';
import { useLiveMenu } from '@/features/menu/use-live-menu';
import { MenuFilterSheet } from './menu-filter-sheet';
import { ProductCard } from './product-card';

const sectionId = (key: string) => `menu-section-${key}`;

/**
 * The dishes rendered at once, then at each idle moment (lib/use-progressive-count.ts): a little
 * more than a phone's screen first (it shows four or five), so the first screen is one short
 * render and a 200-dish menu is built in small tasks, not one long one
 * (docs/decisions/0036-first-screen.md).
 */
const DISHES_FIRST = 6;
const DISHES_STEP = 12;

/**
 * In-page jump to a section without a router navigation; focus follows for keyboard users. The
 * dishes not yet rendered are rendered first (`showAll`), so that the section is on the page.
 */
function jumpTo(event: MouseEvent<HTMLAnchorElement>, key: string, showAll: () => void) {
  flushSync(showAll);
  const heading = document.getElementById(sectionId(key));
  if (!heading) return;
  event.preventDefault();
  heading.scrollIntoView({ block: 'start' });
  heading.focus({ preventScroll: true });
}

function MenuSkeleton() {
  const t = useT();
  return (
    <div aria-busy="true" className="flex flex-col gap-3">
      <p className="sr-only">{t('menu.loading')}</p>
      <Skeleton className="h-8 w-40" />
      {[0, 1, 2, 3].map((index) => (
        <Skeleton key={index} className="h-32 w-full" />
      ))}
    </div>
  );
}

/** One section of the menu; rendered again only when its dishes or the route's props change. */
const MenuSection = memo(function MenuSection({
  group,
  title,
  restaurantId,
  country,
  query,
  renderProductAction,
}: {
  group: MenuGroup;
  title: string;
  restaurantId: string;
  country: string;
  query: Query | undefined;
  renderProductAction: ((product: MenuItem) => ReactNode) | undefined;
}) {
  return (
    <section aria-labelledby={sectionId(group.key)} className="flex scroll-mt-20 flex-col gap-3">
      <h2 id={sectionId(group.key)} tabIndex={-1} className="scroll-mt-20 text-2xl font-bold outline-none">
        {title}
      </h2>
      <ul className="grid grid-cols-1 gap-3 md:grid-cols-2">
        {group.items.map((product) => (
          // Off-screen dishes are laid out and painted only as they scroll near: a long
          // menu costs a phone what one screen of it costs.
          <li key={product.id} className="[contain-intrinsic-size:auto_10rem] [content-visibility:auto]">
            <ProductCard
              product={product}
              restaurantId={restaurantId}
              country={country}
              {...(query && { query })}
              action={renderProductAction?.(product)}
            />
          </li>
        ))}
      </ul>
    </section>
  );
});

interface MenuViewProps {
  restaurantId: string;
  /** Shown above the title once known. */
  restaurantName: string | null;
  /** `table`/`room` to carry on to the product pages. */
  query?: Query;
  /** Under the title (composed by the route: which reservation the dishes go to). */
  banner?: ReactNode;
  /** A control on each dish's card (composed by the route: add it to the order). */
  renderProductAction?: (product: MenuItem) => ReactNode;
}

/**
 * The menu: a button opening the filter (vegan, vegetarian, price range; kept in the URL and
 * sent to the API) in a sheet, then sections with their dishes, price (with discount) and dietary tags. It follows the
 * restaurant's live menu topic, so changes show without a reload.
 */
export function MenuView({
  restaurantId,
  restaurantName,
  query: linkQuery,
  banner,
  renderProductAction,
}: MenuViewProps) {
  const t = useT();
  const localized = useLocalized();
  const [searchParams, updateSearchParams] = useSearchParamsState();
  const filters = useMemo(() => readMenuFilters(searchParams), [searchParams]);
  const menu = useMenu(restaurantId, menuQueryOf(filters));
  useLiveMenu(restaurantId);
  // The dishes render at transition priority (in short slices, interruptible), so a long menu
  // arriving never blocks a tap; until then the skeleton stays.
  const dishes = useDeferredValue(menu.data);
  const [shownDishes, showAllDishes] = useProgressiveCount(dishes?.items.length ?? 0, {
    first: DISHES_FIRST,
    step: DISHES_STEP,
  });
  const groups = useMemo(() => (dishes ? groupMenu(dishes) : []), [dishes]);
  // the dishes rendered so far (every section's link shows from the start); a section already
  // whole is the same object from one step to the next, so it does not render again
  const shownGroups = useMemo(() => firstDishes(groups, shownDishes), [groups, shownDishes]);
  /** Applies an update to the filters the URL holds now. */
  const updateFilters = useCallback(
    (update: (current: MenuFilters) => MenuFilters) =>
      updateSearchParams((current) => writeMenuFilters(current, update(readMenuFilters(current)))),
    [updateSearchParams],
  );
  const isFiltered = hasMenuFilters(filters);
  // The filter stays on screen when a filtered load fails, so it can be changed or cleared.
  const [currency, setCurrency] = useState(menu.data?.currency ?? null);
  if (menu.data && menu.data.currency !== currency) setCurrency(menu.data.currency);

  let body;
  if (menu.isPending || (!menu.isError && !dishes)) {
    body = <MenuSkeleton />;
  } else if (menu.isError) {
    body = isNotFound(menu.error) ? (
      <NotFound
        title={t('restaurant.notFound.title')}
        message={t('restaurant.notFound.message')}
        headingLevel={2}
      />
    ) : (
      <ErrorState
        title={t('menu.error.title')}
        onRetry={() => void menu.refetch()}
        isRetrying={menu.isFetching}
      />
    );
  } else if (dishes) {
    const sectionName = (group: (typeof groups)[number]) =>
      group.name ? localized(group.name) : t('menu.otherSection');
    body =
      groups.length === 0 ? (
        isFiltered ? (
          <div className="flex flex-col items-center gap-3 rounded-2xl border border-line bg-white p-6 text-center">
            <p className="text-lg font-semibold">{t('menu.empty.filtered')}</p>
            <Button variant="secondary" onClick={() => updateFilters(() => EMPTY_MENU_FILTERS)}>
              {t('menu.filters.clear')}
            </Button>
          </div>
        ) : (
          <p className="rounded-2xl border border-line bg-white p-6 text-center text-lg">{t('menu.empty')}</p>
        )
      ) : (
        <>
          {groups.length > 1 ? (
            <nav aria-label={t('menu.sections')} className="-mx-4 overflow-x-auto px-4">
              <ul className="flex gap-2 pb-1">
                {groups.map((group) => (
                  <li key={group.key} className="shrink-0">
                    <a
                      href={`#${sectionId(group.key)}`}
                      onClick={(event) => jumpTo(event, group.key, showAllDishes)}
                      className="inline-flex min-h-11 items-center rounded-full border-2 border-line bg-white px-4 font-semibold whitespace-nowrap hover:border-brand-700"
                    >
                      {sectionName(group)}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
          {shownGroups.map((group) => (
            <MenuSection
              key={group.key}
              group={group}
              title={sectionName(group)}
              restaurantId={dishes.restaurantId}
              country={dishes.country}
              query={linkQuery}
              renderProductAction={renderProductAction}
            />
          ))}
        </>
      );
  }

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-6">
      <header className="flex flex-col gap-2">
        <Link
          to={href('restaurant.profile', { restaurantId }, linkQuery)}
          className="inline-flex min-h-11 items-center gap-2 self-start font-semibold text-brand-800"
        >
          <IconArrowLeft size={18} />
          {restaurantName ?? t('menu.backToRestaurant')}
        </Link>
        <h1 className="text-3xl font-bold">{t('menu.title')}</h1>
      </header>
      {banner}
      {currency || menu.isPending ? (
        // the dishes first: the filter waits behind one button (it holds its place while loading)
        <div className="flex flex-wrap items-center gap-2">
          <MenuFilterSheet
            filters={filters}
            onChange={updateFilters}
            currency={currency}
            dishCount={menu.isSuccess && !menu.isPlaceholderData ? menu.data.items.length : null}
          />
          {isFiltered ? (
            <Button variant="ghost" onClick={() => updateFilters(() => EMPTY_MENU_FILTERS)}>
              {t('menu.filters.clear')}
            </Button>
          ) : null}
        </div>
      ) : null}
      <p role="status" className="sr-only">
        {menu.isSuccess && !menu.isPlaceholderData ? t('menu.count', { count: menu.data.items.length }) : ''}
      </p>
      <div
        className={`flex flex-col gap-6 ${menu.isPlaceholderData ? 'opacity-60' : ''}`}
        aria-busy={menu.isPlaceholderData}
      >
        {body}
      </div>
    </div>
  );
}
