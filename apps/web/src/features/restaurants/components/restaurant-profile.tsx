import { haversineMeters } from '@comensal/domain';
import { type ReactNode, useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ErrorState } from '@/components/errors/error-state';
import { NotFound } from '@/components/errors/not-found';
import { buttonClasses } from '@/components/ui/button';
import { DietaryTagList } from '@/components/ui/dietary-tag';
import {
  IconBook,
  IconCalendar,
  IconExternal,
  IconHeart,
  IconMapPin,
  IconPhone,
} from '@/components/ui/icons';
import { Skeleton } from '@/components/ui/skeleton';
import { href } from '@/config/paths';
import { isNotFound } from '@/lib/api-client';
import { fullAddress } from '@/lib/format';
import { useDocumentTitle } from '@/lib/document-title';
import { useLocalized, useT } from '@/lib/i18n';
import { forgetRememberedRestaurant, getRememberedRestaurantId, tableQueryFor } from '@/lib/visit-context';
import { useRestaurant } from '@/features/restaurants/api/get-restaurant';
import { mapsLink, restaurantDietaryTags } from '@/features/restaurants/restaurant-display';
import { restaurantListStore, useRestaurantListState } from '@/features/restaurants/restaurant-list-store';
import { OpeningHours } from './opening-hours';
import { RestaurantDistance } from './restaurant-card';
import { RestaurantGallery } from './restaurant-gallery';
import { RestaurantPlace } from './restaurant-place';
import { ShareButton } from './share-button';

/** Room for the transparent header on screens without a cover picture. */
function HeaderBand() {
  return <div aria-hidden="true" className="h-16 bg-brand-900" />;
}

function ProfileSkeleton() {
  const t = useT();
  return (
    <div aria-busy="true">
      <p className="sr-only">{t('restaurant.loading')}</p>
      <div aria-hidden="true" className="h-64 animate-pulse bg-brand-900/80 sm:h-80" />
      <div className="mx-auto flex max-w-3xl flex-col gap-3 px-4 py-6">
        <Skeleton className="h-9 w-2/3" />
        <Skeleton className="h-5 w-1/3" />
        <Skeleton className="h-20 w-full" />
        <Skeleton className="h-12 w-full" />
      </div>
    </div>
  );
}

/**
 * The public restaurant page: cover, name, distance, favourites, share, description, address,
 * hours, menu and reserve. `favoriteToggle` is composed by the route (the favourites feature).
 */
export function RestaurantProfile({
  restaurantId,
  favoriteToggle,
  tableLink,
}: {
  restaurantId: string;
  favoriteToggle?: ReactNode;
  /** A table's QR link (composed by the route): join the table or start one. */
  tableLink?: ReactNode;
}) {
  const t = useT();
  const localized = useLocalized();
  const [searchParams] = useSearchParams();
  const query = useRestaurant(restaurantId);
  const isMissing = query.isError && isNotFound(query.error);
  const position = useRestaurantListState((state) => state.position);
  useDocumentTitle(query.data?.name ?? (isMissing ? t('restaurant.notFound.title') : null));

  useEffect(() => {
    if (query.data) restaurantListStore.setRestaurant(query.data);
  }, [query.data]);

  useEffect(() => {
    // The route remembered this id; an unknown restaurant must not limit the home list.
    if (isMissing && getRememberedRestaurantId() === restaurantId) forgetRememberedRestaurant();
  }, [isMissing, restaurantId]);

  if (query.isPending) return <ProfileSkeleton />;

  if (query.isError) {
    return (
      <>
        <HeaderBand />
        {isMissing ? (
          <NotFound title={t('restaurant.notFound.title')} message={t('restaurant.notFound.message')} />
        ) : (
          <div className="mx-auto w-full max-w-3xl px-4 py-8">
            <ErrorState
              title={t('restaurant.error.title')}
              onRetry={() => void query.refetch()}
              isRetrying={query.isFetching}
            />
          </div>
        )}
      </>
    );
  }

  const restaurant = query.data;
  const tableQuery = tableQueryFor(restaurant.id, searchParams);
  const params = { restaurantId: restaurant.id };
  const distance = position ? haversineMeters(position, restaurant.location) : null;

  return (
    <article className="flex flex-col">
      <div className="relative">
        <RestaurantGallery
          urls={restaurant.imageUrls}
          name={restaurant.name}
          className="h-64 sm:h-80 md:h-96"
        />
        <div
          aria-hidden="true"
          className="absolute inset-x-0 bottom-0 h-16 bg-gradient-to-t from-black/40 to-transparent"
        />
      </div>
      <div className="relative -mt-6 rounded-t-3xl bg-cream">
        <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 pt-6 pb-10">
          <header className="flex flex-col gap-2">
            <h1 className="text-3xl font-bold sm:text-4xl">{restaurant.name}</h1>
            <RestaurantPlace
              category={restaurant.category}
              city={restaurant.city}
              className="text-lg text-ink-muted"
            />
            {distance !== null ? (
              <RestaurantDistance meters={distance} className="text-lg font-medium text-brand-800" />
            ) : null}
            <DietaryTagList tags={restaurantDietaryTags(restaurant)} label={t('restaurants.card.dietary')} />
          </header>

          <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
            {favoriteToggle}
            <ShareButton title={restaurant.name} path={href('restaurant.profile', params)} />
            <p className="flex items-center gap-1.5 text-ink-muted">
              <IconHeart size={18} />
              {t('restaurant.favoritesCount', { count: restaurant.favoritesCount })}
            </p>
          </div>

          {tableLink}

          <div className="flex flex-col gap-3 sm:flex-row">
            <Link
              to={href('restaurant.menu', params, tableQuery)}
              className={buttonClasses({ size: 'lg', block: true })}
            >
              <IconBook />
              {t('restaurant.actions.menu')}
            </Link>
            <Link
              to={href('restaurant.reservation', params, tableQuery)}
              className={buttonClasses({ variant: 'secondary', size: 'lg', block: true })}
            >
              <IconCalendar />
              {t('restaurant.actions.reserve')}
            </Link>
          </div>

          {localized(restaurant.description) ? (
            <p className="text-lg whitespace-pre-line">{localized(restaurant.description)}</p>
          ) : null}

          <section aria-labelledby="restaurant-address" className="flex flex-col gap-2">
            <h2 id="restaurant-address" className="flex items-center gap-2 text-xl font-bold">
              <IconMapPin />
              {t('restaurant.address.title')}
            </h2>
            <address className="text-lg not-italic">{fullAddress(restaurant)}</address>
            <div className="flex flex-wrap gap-x-6 gap-y-2">
              <a
                href={mapsLink(restaurant.location)}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex min-h-11 items-center gap-2 font-semibold text-brand-800 underline underline-offset-4"
              >
                <IconExternal size={18} />
                {t('restaurant.address.openMap')}
                <span className="sr-only">{t('common.opensInNewTab')}</span>
              </a>
              {restaurant.phone ? (
                <a
                  href={`tel:${restaurant.phone.replace(/\s+/g, '')}`}
                  className="inline-flex min-h-11 items-center gap-2 font-semibold text-brand-800 underline underline-offset-4"
                >
                  <IconPhone size={18} />
                  {t('restaurant.phone', { phone: restaurant.phone })}
                </a>
              ) : null}
            </div>
          </section>

          <OpeningHours hours={restaurant.openingHours} timeZone={restaurant.timeZone} />
        </div>
      </div>
    </article>
  );
}
