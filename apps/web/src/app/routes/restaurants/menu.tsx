import { useParams, useSearchParams } from 'react-router';
import { MenuView } from '@/features/menu/components/menu-view';
import { useRestaurant } from '@/features/restaurants/api/get-restaurant';
import { useDocumentTitle } from '@/lib/document-title';
import { useT } from '@/lib/i18n';
import { tableQueryFor } from '@/lib/visit-context';

export function Component() {
  const t = useT();
  const { restaurantId = '' } = useParams();
  const [searchParams] = useSearchParams();
  const restaurantName = useRestaurant(restaurantId).data?.name ?? null;
  useDocumentTitle(restaurantName ? t('menu.documentTitle', { name: restaurantName }) : t('menu.title'));
  return (
    <MenuView
      key={restaurantId}
      restaurantId={restaurantId}
      restaurantName={restaurantName}
      query={tableQueryFor(restaurantId, searchParams)}
    />
  );
}
