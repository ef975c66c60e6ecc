import { fileUrl } from '@/lib/api-client';

/** The cover picture, or a warm placeholder with the initial when there is none. Decorative: the name is beside it. */
export function RestaurantCover({
  url,
  name,
  className = '',
  isEager = false,
  alt = '',
}: {
  url: string | null;
  name: string;
  className?: string;
  isEager?: boolean;
  /** Empty (decorative) where the name is beside the picture. */
  alt?: string;
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
  return (
    <img
      src={fileUrl(url)}
      alt={alt}
      loading={isEager ? 'eager' : 'lazy'}
      decoding="async"
      {...(isEager && { fetchPriority: 'high' as const })}
      className={`object-cover ${className}`}
    />
  );
}
