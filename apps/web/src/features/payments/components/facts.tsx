import type { ReactNode } from 'react';

export interface Fact {
  label: string;
  value: ReactNode;
  /** The row that matters most (what is due, the total to pay): larger and bold. */
  strong?: boolean;
  testId?: string;
}

/** Label and value rows (amounts, card, reference…), values right-aligned; rows set to null are left out. */
export function Facts({
  rows,
  className = '',
  testId,
}: {
  rows: readonly (Fact | null)[];
  className?: string;
  testId?: string;
}) {
  return (
    <dl data-testid={testId} className={`grid grid-cols-2 gap-x-4 gap-y-1 ${className}`}>
      {rows.map((row) =>
        row ? (
          <div key={row.label} className="contents">
            <dt className={row.strong ? 'text-lg font-bold' : undefined}>{row.label}</dt>
            <dd data-testid={row.testId} className={`text-right${row.strong ? ' text-lg font-bold' : ''}`}>
              {row.value}
            </dd>
          </div>
        ) : null,
      )}
    </dl>
  );
}
