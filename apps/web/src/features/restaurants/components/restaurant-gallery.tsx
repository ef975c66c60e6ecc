import { useT } from '@/lib/i18n';
import { RestaurantCover } from './restaurant-cover';

/**
 * The restaurant's pictures under the transparent header: one picture fills the width; with more,
 * they scroll sideways and snap one by one (touch swipe, trackpad, or arrow keys once the strip
 * has focus). Only the first is loaded eagerly: it is the page's largest paint.
 */
export function RestaurantGallery({
  urls,
  name,
  className,
}: {
  urls: readonly string[];
  name: string;
  className: string;
}) {
  const t = useT();
  if (urls.length < 2) {
    return <RestaurantCover url={urls[0] ?? null} name={name} className={`w-full ${className}`} isEager />;
  }
  return (
    <>
      <ul
        aria-label={t('restaurant.pictures', { name })}
        tabIndex={0}
        className="flex snap-x snap-mandatory overflow-x-auto overscroll-x-contain [scrollbar-width:none] focus-visible:outline-2 focus-visible:outline-offset-[-4px]"
      >
        {urls.map((url, index) => (
          <li key={url} className="w-full shrink-0 snap-start">
            <RestaurantCover
              url={url}
              name={name}
              alt={t('restaurant.picture', { index: index + 1, count: urls.length })}
              className={`w-full ${className}`}
              isEager={index === 0}
            />
          </li>
        ))}
      </ul>
      <p
        aria-hidden="true"
        className="absolute right-3 bottom-8 z-10 rounded-full bg-black/65 px-3 py-1 text-sm font-medium text-white"
      >
        {t('restaurant.pictureCount', { count: urls.length })}
      </p>
    </>
  );
}
