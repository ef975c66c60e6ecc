import { clampQuantity } from '@comensal/domain';
import { IconMinus, IconPlus } from '@/components/ui/icons';
import { useT } from '@/lib/i18n';

const STEP_BUTTON =
  'inline-flex size-11 items-center justify-center rounded-full border-2 border-brand-700 bg-white text-brand-800 hover:bg-brand-50 aria-disabled:cursor-not-allowed aria-disabled:border-line aria-disabled:text-ink-muted';

/** − n + : never below 1 (docs/product.md#quantity), never above `max` when given. */
export function QuantityStepper({
  value,
  onChange,
  label,
  max,
}: {
  value: number;
  onChange: (value: number) => void;
  /** What is counted, e.g. "Quantity" or "Quantity of Extra cheese". */
  label: string;
  max?: number | undefined;
}) {
  const t = useT();
  const set = (next: number) => onChange(clampQuantity(next, max));
  return (
    <div role="group" aria-label={label} className="inline-flex items-center gap-3">
      <button
        type="button"
        className={STEP_BUTTON}
        // aria-disabled, not disabled: the button keeps keyboard focus when it reaches the limit.
        onClick={() => set(value - 1)}
        aria-disabled={value <= 1}
        aria-label={t('quantity.decrease', { label })}
      >
        <IconMinus size={18} />
      </button>
      <output aria-live="polite" className="min-w-8 text-center text-lg font-bold">
        {value}
      </output>
      <button
        type="button"
        className={STEP_BUTTON}
        onClick={() => set(value + 1)}
        aria-disabled={max !== undefined && value >= max}
        aria-label={t('quantity.increase', { label })}
      >
        <IconPlus size={18} />
      </button>
    </div>
  );
}
