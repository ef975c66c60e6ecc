import type { ReactNode } from 'react';

/**
 * A checkbox that looks like a chip: keyboard and screen readers get the native control, which
 * covers the whole chip (transparent) so a click or tap anywhere on it hits the control itself.
 */
export function FilterChip({
  isChecked,
  onChange,
  children,
}: {
  isChecked: boolean;
  onChange: (isChecked: boolean) => void;
  children: ReactNode;
}) {
  return (
    <label className="relative inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full border-2 border-line bg-white px-4 font-semibold select-none hover:border-brand-700 has-checked:border-brand-700 has-checked:bg-brand-700 has-checked:text-white has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600">
      <input
        type="checkbox"
        checked={isChecked}
        onChange={(event) => onChange(event.target.checked)}
        className="absolute inset-0 z-10 m-0 cursor-pointer appearance-none rounded-full opacity-0"
      />
      {children}
    </label>
  );
}
