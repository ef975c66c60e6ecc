import type { RestaurantSummary } from '@comensal/contracts';
import { useId } from 'react';
import { Link } from 'react-router';
import { DietaryTagList } from '@/components/ui/dietary-tag';
import { IconNavigation } from '@/components/ui/icons';
import { href } from '@/config/paths';
import { useLocale, useT } from '@/lib/i18n';
import { formatDistance, restaurantDietaryTags } from '@/features/restaurants/restaurant-display';
import { RestaurantCover } from './restaurant-cover';
import { RestaurantPlace } from './restaurant-place';

/** How far the restaurant is ("1,2 km" / "1.2 km"), when the list was asked from a position. */
export function RestaurantDistance({ meters, className = '' }: { meters: number; className?: string }) {
  const t = useT();
  const { locale } = useLocale();
  return (
    <p className={`flex items-center gap-1.5 ${className}`}>
      <IconNavigation size={16} />
      {t('restaurants.card.distance', { distance: formatDistance(meters, locale) })}
    </p>
  );
}

/**
 * One restaurant of the list; the whole card is the link that opens it (its name is the
 * link's name). `isFirst`: among the first cards on screen, so its picture loads at once.
 */
export function RestaurantCard({
  restaurant,
  isFirst = false,
}: {
  restaurant: RestaurantSummary;
  isFirst?: boolean;
}) {
  const t = useT();
  const nameId = useId();
  return (
    <article className="relative flex h-full flex-col overflow-hidden rounded-2xl border border-line bg-white shadow-sm transition-shadow hover:shadow-md">
      <RestaurantCover
        url={restaurant.coverUrl}
        name={restaurant.name}
        className="aspect-video w-full"
        sizes="(min-width: 1024px) 320px, (min-width: 768px) 33vw, (min-width: 640px) 50vw, 100vw"
        isEager={isFirst}
      />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h2 id={nameId} className="text-xl font-bold">
          {restaurant.name}
        </h2>
        <RestaurantPlace category={restaurant.category} city={restaurant.city} className="text-ink-muted" />
        {restaurant.distance !== undefined ? (
          <RestaurantDistance meters={restaurant.distance} className="font-medium text-brand-800" />
        ) : null}
        <DietaryTagList tags={restaurantDietaryTags(restaurant)} label={t('restaurants.card.dietary')} />
      </div>
      {/* The card's own box is the target (not a stretched pseudo-element): large enough to tap
          even where the bottom bar covers part of it. */}
      <Link
        to={href('restaurant.profile', { restaurantId: restaurant.id })}
        aria-labelledby={nameId}
        className="absolute inset-0 rounded-2xl"
      />
    </article>
  );
}

/**
 * The card's shape while it loads, line for line: bars as tall as the name's and the place's lines
 * (each bar is a line of that type holding a non-breaking space, no words) and a hidden tag row, so a card with its tags
 * replaces it without moving what is below (bars of fixed height moved the "see all restaurants"
 * button by 5–8 px: a layout shift Lighthouse counted).
 */
export function RestaurantCardSkeleton() {
  return (
    <div aria-hidden="true" className="flex flex-col overflow-hidden rounded-2xl border border-line bg-white">
      <div className="aspect-video w-full animate-pulse bg-line/70" />
      <div className="flex flex-col gap-2 p-4">
        <p className="text-xl font-bold">
          <span className="inline-block w-2/3 animate-pulse rounded bg-line/70">&nbsp;</span>
        </p>
        <p>
          <span className="inline-block w-1/2 animate-pulse rounded bg-line/70">&nbsp;</span>
        </p>
        <div className="invisible">
          <DietaryTagList tags={['vegan']} label="" />
        </div>
      </div>
    </div>
  );
}
