import { RestaurantBrowser } from '@/features/restaurants/components/restaurant-browser';
import { useDocumentTitle } from '@/lib/document-title';
import { useT } from '@/lib/i18n';

export function Component() {
  const t = useT();
  useDocumentTitle(t('restaurants.title'));
  return <RestaurantBrowser />;
}
