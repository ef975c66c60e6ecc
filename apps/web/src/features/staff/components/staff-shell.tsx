import type { StaffRestaurant } from '@comensal/contracts';
import { type ReactNode, useId } from 'react';
import { Link, NavLink, useNavigate } from 'react-router';
import { BrandMark } from '@/components/ui/brand';
import { LanguageSwitcher } from '@/components/ui/language-switcher';
import { href, type RouteName } from '@/config/paths';
import { type MessageId, useT } from '@/lib/i18n';

type StaffPage = Extract<RouteName, `staff.${string}`>;

const PAGES: ReadonlyArray<{ name: StaffPage; labelId: MessageId; ownerOnly: boolean }> = [
  { name: 'staff.board', labelId: 'staff.nav.board', ownerOnly: false },
  { name: 'staff.payments', labelId: 'staff.nav.payments', ownerOnly: false },
  { name: 'staff.menu', labelId: 'staff.nav.menu', ownerOnly: false },
  { name: 'staff.qr', labelId: 'staff.nav.qr', ownerOnly: false },
  { name: 'staff.team', labelId: 'staff.nav.team', ownerOnly: true },
  { name: 'staff.audit', labelId: 'staff.nav.audit', ownerOnly: true },
  { name: 'staff.errors', labelId: 'staff.nav.errors', ownerOnly: false },
  { name: 'staff.funnel', labelId: 'staff.nav.funnel', ownerOnly: false },
];

/** The restaurant switcher: the same page of another restaurant. */
function RestaurantSwitcher({
  restaurants,
  current,
  page,
}: {
  restaurants: ReadonlyArray<StaffRestaurant>;
  current: StaffRestaurant;
  page: StaffPage;
}) {
  const t = useT();
  const navigate = useNavigate();
  const id = useId();
  if (restaurants.length < 2) return <p className="truncate font-semibold">{current.name}</p>;
  return (
    <div className="flex min-w-0 items-center gap-2">
      <label htmlFor={id} className="sr-only">
        {t('staff.restaurant.label')}
      </label>
      <select
        id={id}
        value={current.id}
        onChange={(event) => void navigate(href(page, { restaurantId: event.target.value }))}
        className="min-h-11 max-w-full min-w-0 cursor-pointer rounded-full border-2 border-line bg-white px-3 font-semibold text-ink"
      >
        {restaurants.map((restaurant) => (
          <option key={restaurant.id} value={restaurant.id}>
            {restaurant.name}
          </option>
        ))}
      </select>
    </div>
  );
}

/** `/staff/*`: its own header (console name, restaurant, language) and page tabs; hidden when printing. */
export function StaffShell({
  restaurants,
  current,
  page,
  children,
}: {
  restaurants: ReadonlyArray<StaffRestaurant>;
  current: StaffRestaurant | null;
  page: StaffPage | null;
  children: ReactNode;
}) {
  const t = useT();
  const pages = PAGES.filter((entry) => !entry.ownerOnly || current?.role === 'owner');
  return (
    <div className="flex min-h-dvh flex-col bg-cream print:bg-white">
      <a
        href="#staff-main"
        className="sr-only z-50 rounded-full bg-brand-700 px-4 py-2 font-semibold text-white focus:not-sr-only focus:absolute focus:top-2 focus:left-2"
      >
        {t('nav.skipToContent')}
      </a>
      <header className="sticky top-0 z-20 border-b border-line bg-white print:hidden">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-3 gap-y-2 px-3 py-2 sm:px-4">
          <Link to={href('staff')} className="flex items-center gap-2 rounded-lg font-bold">
            <BrandMark size={32} />
            <span>{t('staff.title')}</span>
          </Link>
          {current && page ? (
            <RestaurantSwitcher restaurants={restaurants} current={current} page={page} />
          ) : null}
          <div className="ml-auto flex items-center gap-2">
            <Link
              to={href('home')}
              className="inline-flex min-h-11 items-center rounded-full px-3 font-semibold text-brand-800 hover:bg-brand-50"
            >
              {t('staff.backToApp')}
            </Link>
            <LanguageSwitcher />
          </div>
        </div>
        {current ? (
          <nav aria-label={t('staff.nav.label')} className="mx-auto max-w-7xl overflow-x-auto px-1 sm:px-3">
            <ul className="flex gap-1">
              {pages.map((entry) => (
                <li key={entry.name}>
                  <NavLink
                    to={href(entry.name, { restaurantId: current.id })}
                    end
                    className="inline-flex min-h-11 items-center border-b-4 border-transparent px-3 font-semibold whitespace-nowrap text-ink-muted hover:text-ink aria-[current=page]:border-brand-700 aria-[current=page]:text-brand-800"
                  >
                    {t(entry.labelId)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
      </header>
      <main
        id="staff-main"
        tabIndex={-1}
        className="mx-auto flex w-full max-w-7xl flex-1 flex-col px-3 py-4 outline-none sm:px-4"
      >
        {children}
      </main>
    </div>
  );
}
