import type { MouseEvent } from 'react';
import { Link } from 'react-router';
import { ErrorState } from '../../../components/errors/error-state';
import { NotFound } from '../../../components/errors/not-found';
import { IconArrowLeft } from '../../../components/ui/icons';
import { Skeleton } from '../../../components/ui/skeleton';
import { href, type Query } from '../../../config/paths';
import { isNotFound } from '../../../lib/api-client';
import { useLocalized, useT } from '../../../lib/i18n';
import { useMenu } from '../api/get-menu';
import { groupMenu } from '../group-menu';
import { ProductCard } from './product-card';

const sectionId = (key: string) => `menu-section-${key}`;

/** In-page jump to a section without a router navigation; focus follows for keyboard users. */
function jumpTo(event: MouseEvent<HTMLAnchorElement>, key: string) {
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

interface MenuViewProps {
  restaurantId: string;
  /** Shown above the title once known. */
  restaurantName: string | null;
  /** `table`/`room` to carry on to the product pages. */
  query?: Query;
}

/** The menu: sections with their dishes, price (with discount) and dietary tags. */
export function MenuView({ restaurantId, restaurantName, query: linkQuery }: MenuViewProps) {
  const t = useT();
  const localized = useLocalized();
  const menu = useMenu(restaurantId);

  let body;
  if (menu.isPending) {
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
  } else {
    const groups = groupMenu(menu.data);
    const sectionName = (group: (typeof groups)[number]) =>
      group.name ? localized(group.name) : t('menu.otherSection');
    body =
      groups.length === 0 ? (
        <p className="rounded-2xl border border-line bg-white p-6 text-center text-lg">{t('menu.empty')}</p>
      ) : (
        <>
          {groups.length > 1 ? (
            <nav aria-label={t('menu.sections')} className="-mx-4 overflow-x-auto px-4">
              <ul className="flex gap-2 pb-1">
                {groups.map((group) => (
                  <li key={group.key} className="shrink-0">
                    <a
                      href={`#${sectionId(group.key)}`}
                      onClick={(event) => jumpTo(event, group.key)}
                      className="inline-flex min-h-11 items-center rounded-full border-2 border-line bg-white px-4 font-semibold whitespace-nowrap hover:border-brand-700"
                    >
                      {sectionName(group)}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
          {groups.map((group) => (
            <section
              key={group.key}
              aria-labelledby={sectionId(group.key)}
              className="flex scroll-mt-20 flex-col gap-3"
            >
              <h2
                id={sectionId(group.key)}
                tabIndex={-1}
                className="scroll-mt-20 text-2xl font-bold outline-none"
              >
                {sectionName(group)}
              </h2>
              <ul className="grid gap-3 md:grid-cols-2">
                {group.items.map((product) => (
                  <li key={product.id}>
                    <ProductCard
                      product={product}
                      country={menu.data.country}
                      {...(linkQuery && { query: linkQuery })}
                    />
                  </li>
                ))}
              </ul>
            </section>
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
      {body}
    </div>
  );
}
