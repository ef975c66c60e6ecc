import { type ChangeEvent, type ReactNode, useId } from 'react';

/**
 * A labelled file input with its hint, a status line read while the file is sent and the place
 * for its error (`error(id)`: the node, given the id the input points to, or null). The input is
 * disabled while `busy`; its description names the hint, and the error while there is one.
 */
export function FileField({
  label,
  accept,
  hint,
  busy,
  busyText,
  hasError,
  error,
  onPick,
}: {
  label: ReactNode;
  accept: string;
  hint: ReactNode;
  busy: boolean;
  busyText: ReactNode;
  hasError: boolean;
  error: (id: string) => ReactNode;
  onPick: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  return (
    <>
      <label htmlFor={inputId} className="font-semibold">
        {label}
      </label>
      <input
        id={inputId}
        type="file"
        accept={accept}
        onChange={onPick}
        disabled={busy}
        aria-describedby={hasError ? `${hintId} ${errorId}` : hintId}
        aria-invalid={hasError ? true : undefined}
        className="max-w-full rounded-xl text-base file:mr-3 file:min-h-11 file:cursor-pointer file:rounded-full file:border-2 file:border-brand-700 file:bg-white file:px-4 file:font-semibold file:text-brand-800 hover:file:bg-brand-50"
      />
      <p id={hintId} className="text-sm text-ink-muted">
        {hint}
      </p>
      <p role="status" className="text-sm font-medium">
        {busy ? busyText : null}
      </p>
      {error(errorId)}
    </>
  );
}
