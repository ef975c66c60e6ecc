import { pictureSources } from '@comensal/domain';
import { fileUrl } from '@/lib/api-client';

/**
 * A picture of the API (a dish, a restaurant) sized for its box: an uploaded picture comes with
 * every stored width as `srcset` (the rule of @comensal/domain's pictureSources,
 * docs/decisions/0038-responsive-pictures.md), and `sizes` tells the browser how wide the box is
 * so a phone fetches the 320 px file for a card, not the 960 px one. Any other URL (the demo's
 * SVGs, a picture elsewhere) is one `src`.
 *
 * `width`/`height` are the box's size (or its proportions): with the CSS that sizes the box they
 * hold its place before the picture arrives (no layout shift). Lazy and decoded off the main
 * thread unless `isPriority`: the one picture that is likely the largest paint of the first screen
 * is fetched at once, ahead of the others.
 */
export function Picture({
  url,
  sizes,
  width,
  height,
  className,
  alt = '',
  isPriority = false,
}: {
  url: string;
  /** The box's width at each breakpoint, as the `sizes` attribute. */
  sizes: string;
  width: number;
  height: number;
  className?: string;
  /** Empty (decorative) where a name is beside the picture. */
  alt?: string;
  isPriority?: boolean;
}) {
  const { src, srcSet } = pictureSources(fileUrl(url));
  return (
    <img
      src={src}
      {...(srcSet && { srcSet, sizes })}
      alt={alt}
      width={width}
      height={height}
      loading={isPriority ? 'eager' : 'lazy'}
      decoding="async"
      {...(isPriority && { fetchPriority: 'high' as const })}
      className={className}
    />
  );
}
