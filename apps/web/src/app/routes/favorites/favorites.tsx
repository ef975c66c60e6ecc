import { FavoritesPage } from '@/features/favorites/components/favorites-page';
import { useLeafHandle } from '@/app/route-handle';

/** `/favorites/restaurants` and `/favorites/products`: the type comes from the matched route. */
export function Component() {
  const name = useLeafHandle()?.name;
  return <FavoritesPage key={name} type={name === 'favorites.products' ? 'products' : 'restaurants'} />;
}
