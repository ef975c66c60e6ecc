import { useT } from '@/lib/i18n';
import { RestaurantList } from './restaurant-list';

/**
 * The search page (`/filters`, docs/product.md#search-and-menu-filters): name search, filter chips
 * and the results.
 */
export function RestaurantSearchPage() {
  const t = useT();
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-5 px-4 py-6">
      <h1 className="text-2xl font-bold sm:text-3xl">{t('page.filters.title')}</h1>
      <RestaurantList variant="search" />
    </div>
  );
}
