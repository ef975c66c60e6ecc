import { useEffect } from 'react';
import { ErrorState } from '@/components/errors/error-state';
import { Button } from '@/components/ui/button';
import { isNotFound } from '@/lib/api-client';
import { useT } from '@/lib/i18n';
import { useRestaurant } from '@/features/restaurants/api/get-restaurant';
import { RestaurantCard, RestaurantCardSkeleton } from './restaurant-card';

/**
 * The home list limited to the remembered restaurant
 * (docs/product.md#remembered-restaurant-and-table-links), with a visible way out. A remembered id
 * that no longer exists is dropped.
 */
export function RememberedRestaurant({
  restaurantId,
  onShowAll,
}: {
  restaurantId: string;
  onShowAll: () => void;
}) {
  const t = useT();
  const query = useRestaurant(restaurantId);
  const isGone = query.isError && isNotFound(query.error);

  useEffect(() => {
    if (isGone) onShowAll();
  }, [isGone, onShowAll]);

  return (
    <div className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2 md:grid-cols-3">
        {query.isPending ? (
          <RestaurantCardSkeleton />
        ) : query.isError ? (
          <div className="sm:col-span-2 md:col-span-3">
            <ErrorState
              title={t('restaurants.error.title')}
              onRetry={() => void query.refetch()}
              isRetrying={query.isFetching}
            />
          </div>
        ) : (
          <RestaurantCard restaurant={query.data} isFirst />
        )}
      </div>
      <div>
        <Button variant="secondary" onClick={onShowAll}>
          {t('restaurants.seeAll')}
        </Button>
      </div>
    </div>
  );
}
