import { useT } from '@/lib/i18n';

/** The Comensal mark: a plate between fork and knife. */
export function BrandMark({ size = 32, className }: { size?: number; className?: string }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 64 64"
      aria-hidden="true"
      focusable="false"
      className={className}
    >
      <rect width="64" height="64" rx="14" fill="#a8361a" />
      <circle cx="32" cy="34" r="17" fill="none" stroke="#fdf6ee" strokeWidth="3.5" />
      <circle cx="32" cy="34" r="10" fill="#f4b860" />
      <path
        d="M12 12v13a4 4 0 0 0 4 4v23"
        fill="none"
        stroke="#fdf6ee"
        strokeWidth="3"
        strokeLinecap="round"
      />
      <path
        d="M16 12v11M20 12v13a4 4 0 0 1-4 4"
        fill="none"
        stroke="#fdf6ee"
        strokeWidth="3"
        strokeLinecap="round"
      />
      <path
        d="M51 52V12c-4 3-6 9-6 16 0 4 2 6 6 6"
        fill="none"
        stroke="#fdf6ee"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** Mark + name. */
export function Brand({
  size = 32,
  className = '',
  isCompact = false,
}: {
  size?: number;
  className?: string;
  /** Mark only on small screens (the name stays for screen readers). */
  isCompact?: boolean;
}) {
  const t = useT();
  return (
    <span className={`inline-flex items-center gap-2 text-xl font-bold tracking-tight ${className}`}>
      <BrandMark size={size} />
      <span className={isCompact ? 'max-sm:sr-only' : undefined}>{t('app.name')}</span>
    </span>
  );
}
