import { useCallback, useEffect, useId, useMemo, useRef } from 'react';
import { Link } from 'react-router';
import { ErrorState } from '@/components/errors/error-state';
import { Button, buttonClasses } from '@/components/ui/button';
import { IconSliders } from '@/components/ui/icons';
import { href } from '@/config/paths';
import { useT } from '@/lib/i18n';
import { notify } from '@/lib/toast';
import { useProgressiveCount } from '@/lib/use-progressive-count';
import { useSearchParamsState } from '@/lib/use-search-params-state';
import { useRestaurants } from '@/features/restaurants/api/list-restaurants';
import {
  countRestaurantFilters,
  EMPTY_RESTAURANT_FILTERS,
  readRestaurantFilters,
  type RestaurantFilters,
  restaurantQueryOf,
  writeRestaurantFilters,
} from '@/features/restaurants/restaurant-filters';
import { restaurantListStore, useRestaurantListState } from '@/features/restaurants/restaurant-list-store';
import { RestaurantCard, RestaurantCardSkeleton } from './restaurant-card';
import { RestaurantFilterForm } from './restaurant-filter-form';
import { RestaurantSearch } from './restaurant-search';
import { SortNote } from './sort-note';

const SKELETON_CARDS = 6;
/** Cards in the first row of the widest layout: their pictures are the first thing to load. */
const FIRST_ROW = 3;
/**
 * The cards rendered at once (a phone's screen shows one or two), then this many more at each
 * idle moment (lib/use-progressive-count.ts): the first screen is one short render, not a page of
 * cards in one long task before anything shows (docs/decisions/0036-first-screen.md).
 */
const CARDS_STEP = 6;

/**
 * "Use my location": asks again; when the browser still gives no position (after the diner asked
 * for it), says what to do about it.
 */
async function retryPosition(): Promise<void> {
  await restaurantListStore.requestPosition({ force: true });
  const status = restaurantListStore.getState().positionStatus;
  if (status === 'denied') notify('info', 'restaurants.sort.deniedHelp');
  else if (status === 'unavailable') notify('info', 'restaurants.sort.unavailableHelp');
}

/**
 * The restaurants (home and search page, docs/product.md#search-and-menu-filters): search by name,
 * filters (on the search page; home links to it), nearest first when the browser shares its
 * position, "Load more" pages. Everything the diner chose lives in the URL query.
 */
export function RestaurantList({ variant }: { variant: 'home' | 'search' }) {
  const t = useT();
  const [searchParams, updateSearchParams] = useSearchParamsState();
  const filters = useMemo(() => readRestaurantFilters(searchParams), [searchParams]);
  const position = useRestaurantListState((state) => state.position);
  const positionStatus = useRestaurantListState((state) => state.positionStatus);
  const query = useRestaurants(restaurantQueryOf(filters, position));

  useEffect(() => {
    void restaurantListStore.requestPosition();
  }, []);

  /** Applies an update to the filters the URL holds now. */
  const updateFilters = useCallback(
    (update: (current: RestaurantFilters) => RestaurantFilters) =>
      updateSearchParams((current) =>
        writeRestaurantFilters(current, update(readRestaurantFilters(current))),
      ),
    [updateSearchParams],
  );
  const onSearch = useCallback(
    (q: string) => updateFilters((current) => ({ ...current, q })),
    [updateFilters],
  );

  const restaurants = useMemo(() => query.data?.pages.flatMap((page) => page.items) ?? [], [query.data]);
  const [shownCards] = useProgressiveCount(restaurants.length, { first: FIRST_ROW, step: CARDS_STEP });
  useEffect(() => {
    if (query.isSuccess && !query.isPlaceholderData) restaurantListStore.setRestaurants(restaurants);
  }, [query.isSuccess, query.isPlaceholderData, restaurants]);

  const resultsId = useId();
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  /** "Show N results": the results come into view, the focus on their heading. */
  const showResults = () => {
    resultsHeading.current?.scrollIntoView({ block: 'start' });
    resultsHeading.current?.focus({ preventScroll: true });
  };
  const isSettled = query.isSuccess && !query.isPlaceholderData;
  const countText = query.hasNextPage
    ? t('restaurants.countMore', { count: restaurants.length })
    : t('restaurants.count', { count: restaurants.length });

  const filterCount = countRestaurantFilters(filters);
  const isFiltered = filterCount > 0;

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
          {isFiltered
            ? t('restaurants.empty.filters')
            : filters.q
              ? t('restaurants.empty.search', { query: filters.q })
              : t('restaurants.empty.none')}
        </p>
        {isFiltered ? (
          <Button
            variant="secondary"
            onClick={() => updateFilters((current) => ({ ...EMPTY_RESTAURANT_FILTERS, q: current.q }))}
          >
            {t('restaurants.filters.clear')}
          </Button>
        ) : filters.q ? (
          <Button variant="secondary" onClick={() => onSearch('')}>
            {t('restaurants.search.clear')}
          </Button>
        ) : null}
      </div>
    );
  } else {
    body = (
      <>
        <ul
          className={`grid gap-4 transition-opacity sm:grid-cols-2 md:grid-cols-3 ${query.isPlaceholderData ? 'opacity-60' : ''}`}
          aria-busy={query.isPlaceholderData}
        >
          {restaurants.slice(0, shownCards).map((restaurant, index) => (
            <li key={restaurant.id}>
              <RestaurantCard restaurant={restaurant} isFirst={index < FIRST_ROW} />
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
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <div className="flex-1">
          <RestaurantSearch value={filters.q} onSearch={onSearch} />
        </div>
        {variant === 'home' ? (
          <Link
            to={href('filters', null, Object.fromEntries(searchParams))}
            className={buttonClasses({ variant: 'secondary', size: 'lg' })}
          >
            <IconSliders />
            {t('restaurants.filters.link', { count: filterCount })}
          </Link>
        ) : null}
      </div>
      {variant === 'search' ? (
        <>
          <RestaurantFilterForm filters={filters} onChange={updateFilters} />
          {/* the filters fill a phone's screen: one tap brings the results into view */}
          <Button
            size="lg"
            className="self-stretch sm:self-start"
            onClick={showResults}
            disabled={!isSettled}
            aria-describedby={resultsId}
          >
            {query.hasNextPage
              ? t('restaurants.showResultsMore', { count: restaurants.length })
              : t('restaurants.showResults', { count: restaurants.length })}
          </Button>
        </>
      ) : null}
      <SortNote status={positionStatus} onRetry={() => void retryPosition()} />
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        {variant === 'search' ? (
          <h2 ref={resultsHeading} tabIndex={-1} className="scroll-mt-20 text-xl font-bold outline-none">
            {t('restaurants.results')}
          </h2>
        ) : null}
        {/* the count stays readable on the search page; home says it to screen readers only */}
        <p id={resultsId} role="status" className={variant === 'search' ? 'text-ink-muted' : 'sr-only'}>
          {isSettled ? countText : ''}
        </p>
      </div>
      {body}
    </div>
  );
}
