import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { ErrorState } from '../../../components/errors/error-state';
import { Button } from '../../../components/ui/button';
import { useT } from '../../../lib/i18n';
import { type ListRestaurantsFilters, useRestaurants } from '../api/list-restaurants';
import { RestaurantCard, RestaurantCardSkeleton } from './restaurant-card';
import { RestaurantSearch } from './restaurant-search';

const SEARCH_PARAM = 'q';
const SKELETON_CARDS = 6;

/** All restaurants, searchable by name (`?q=`), page by page ("Load more" follows `nextCursor`). */
export function RestaurantList() {
  const t = useT();
  const [searchParams, setSearchParams] = useSearchParams();
  const q = searchParams.get(SEARCH_PARAM)?.trim() ?? '';
  const filters: ListRestaurantsFilters = q ? { q } : {};
  const query = useRestaurants(filters);

  const onSearch = useCallback(
    (next: string) =>
      setSearchParams(
        (previous) => {
          const params = new URLSearchParams(previous);
          if (next) params.set(SEARCH_PARAM, next);
          else params.delete(SEARCH_PARAM);
          return params;
        },
        { replace: true },
      ),
    [setSearchParams],
  );

  const restaurants = query.data?.pages.flatMap((page) => page.items) ?? [];

  let body;
  if (query.isPending) {
    body = (
      <div aria-busy="true">
        <p className="sr-only">{t('restaurants.loading')}</p>
        <div className="grid gap-4 sm:grid-cols-2 md:grid-cols-3">
          {Array.from({ length: SKELETON_CARDS }, (_, index) => (
            <RestaurantCardSkeleton key={index} />
          ))}
        </div>
      </div>
    );
  } else if (query.isError && restaurants.length === 0) {
    body = (
      <ErrorState
        title={t('restaurants.error.title')}
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
      />
    );
  } else if (restaurants.length === 0) {
    body = (
      <div className="flex flex-col items-center gap-3 rounded-2xl border border-line bg-white p-6 text-center">
        <p className="text-lg font-semibold">
          {q ? t('restaurants.empty.search', { query: q }) : t('restaurants.empty.none')}
        </p>
        {q ? (
          <Button variant="secondary" onClick={() => onSearch('')}>
            {t('restaurants.search.clear')}
          </Button>
        ) : null}
      </div>
    );
  } else {
    body = (
      <>
        <ul className="grid gap-4 sm:grid-cols-2 md:grid-cols-3">
          {restaurants.map((restaurant) => (
            <li key={restaurant.id}>
              <RestaurantCard restaurant={restaurant} />
            </li>
          ))}
        </ul>
        {query.isFetchNextPageError ? (
          <ErrorState
            title={t('restaurants.error.more')}
            onRetry={() => void query.fetchNextPage()}
            isRetrying={query.isFetchingNextPage}
          />
        ) : query.hasNextPage ? (
          <div className="flex justify-center">
            <Button
              variant="secondary"
              onClick={() => void query.fetchNextPage()}
              disabled={query.isFetchingNextPage}
            >
              {query.isFetchingNextPage ? t('common.loading') : t('restaurants.loadMore')}
            </Button>
          </div>
        ) : null}
      </>
    );
  }

  return (
    <div className="flex flex-col gap-5">
      <RestaurantSearch value={q} onSearch={onSearch} />
      <p role="status" className="sr-only">
        {query.isSuccess ? t('restaurants.count', { count: restaurants.length }) : ''}
      </p>
      {body}
    </div>
  );
}
