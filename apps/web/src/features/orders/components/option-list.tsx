import { useLocalized, useT } from '@/lib/i18n';
import type { OptionText } from '@/features/orders/line-text';

/** The chosen options of a line ("Large · Extra cheese × 2"), quiet beneath its name. */
export function OptionList({ options }: { options: readonly OptionText[] }) {
  const t = useT();
  const localized = useLocalized();
  if (options.length === 0) return null;
  return (
    <ul aria-label={t('order.line.options')} className="flex flex-wrap gap-x-3 gap-y-0.5 text-ink-muted">
      {options.map((option, index) => (
        <li key={index}>
          {t('order.line.option', { name: localized(option.name), quantity: option.quantity })}
        </li>
      ))}
    </ul>
  );
}
