import { RestaurantSearchPage } from '@/features/restaurants/components/restaurant-search-page';
import { useDocumentTitle } from '@/lib/document-title';
import { useT } from '@/lib/i18n';

export function Component() {
  const t = useT();
  useDocumentTitle(t('page.filters.title'));
  return <RestaurantSearchPage />;
}
