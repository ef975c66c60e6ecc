import { Picture } from '@/components/ui/picture';

/** The cover picture, or a warm placeholder with the initial when there is none. Decorative: the name is beside it. */
export function RestaurantCover({
  url,
  name,
  className = '',
  isEager = false,
  alt = '',
  sizes = '100vw',
}: {
  url: string | null;
  name: string;
  className?: string;
  isEager?: boolean;
  /** Empty (decorative) where the name is beside the picture. */
  alt?: string;
  /** How wide the picture's box is (the `sizes` of an uploaded picture's widths): the page's width unless told. */
  sizes?: string;
}) {
  if (!url) {
    return (
      <div
        aria-hidden="true"
        className={`flex items-center justify-center bg-gradient-to-br from-brand-400 to-brand-800 text-5xl font-bold text-white/90 ${className}`}
      >
        {name.trim().charAt(0).toUpperCase()}
      </div>
    );
  }
  // 16:9 for the box's proportions; the classes size it
  return (
    <Picture
      url={url}
      sizes={sizes}
      width={640}
      height={360}
      alt={alt}
      isPriority={isEager}
      className={`object-cover ${className}`}
    />
  );
}
