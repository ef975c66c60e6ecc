import { useState } from 'react';

/** Up to two initials of a name, for the avatar when there is no photo: "Ana Pérez" → "AP", "Invitado 42" → "I". */
export function initialsOf(name: string): string {
  const all = name.trim().split(/\s+/u).filter(Boolean);
  const named = all.filter((word) => /^\p{L}/u.test(word));
  const words = named.length > 0 ? named : all;
  const letters = words.length > 1 ? [words[0], words.at(-1)] : words.slice(0, 1);
  const initials = letters.map((word) => Array.from(word ?? '')[0] ?? '').join('');
  return initials.toLocaleUpperCase() || '?';
}

const SIZES = {
  sm: 'size-8 text-sm',
  lg: 'size-24 text-3xl',
} as const;

interface AvatarProps {
  name: string;
  /** The picture's address, or null for initials. */
  src: string | null | undefined;
  size?: keyof typeof SIZES;
  /** Text for the picture when it carries meaning on its own; leave out when the name is beside it. */
  alt?: string;
  className?: string;
}

/**
 * A round picture of the person, or their initials when there is none (or it fails to load).
 * Decorative unless `alt` is given: the name normally stands next to it in text.
 */
export function Avatar({ name, src, size = 'sm', alt, className = '' }: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const classes = `inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full ${SIZES[size]} ${className}`;
  if (src && failedSrc !== src) {
    return (
      <img
        src={src}
        alt={alt ?? ''}
        aria-hidden={alt ? undefined : true}
        className={`${classes} bg-brand-100 object-cover`}
        onError={() => setFailedSrc(src)}
      />
    );
  }
  return (
    <span aria-hidden="true" className={`${classes} bg-brand-100 font-bold text-brand-900`}>
      {initialsOf(name)}
    </span>
  );
}
