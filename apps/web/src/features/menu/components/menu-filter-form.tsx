import { type CurrencyCode, minorUnitDigits, toMajor, toMinor } from '@comensal/domain';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FilterChip } from '@/components/ui/filter-chip';
import { IconLeaf, IconSprout } from '@/components/ui/icons';
import { useT } from '@/lib/i18n';
import { hasMenuFilters, type MenuFilters } from '@/features/menu/menu-filters';
import { EMPTY_MENU_FILTERS } from '@/features/menu/menu-filters';

/** Text of a price bound for its input: major units, empty for "no bound". */
const boundText = (minor: number, currency: CurrencyCode) =>
  minor > 0 ? String(toMajor(minor, currency)) : '';

/** The input's text as minor units: '' or 0 → 0 (no bound); anything else not a price → null. */
function parseBound(text: string, currency: CurrencyCode): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return 0;
  const digits = minorUnitDigits(currency);
  const pattern = digits === 0 ? /^\d{1,9}$/ : new RegExp(`^\\d{1,9}(\\.\\d{1,${digits}})?$`);
  if (!pattern.test(trimmed)) return null;
  return toMinor(Number(trimmed), currency);
}

type PriceError = 'invalid' | 'order' | null;

/**
 * The menu filter's fields (docs/product.md#search-and-menu-filters): vegan and vegetarian apply
 * at once; the price range (in the restaurant's currency, empty = no bound) applies with its
 * button. Shown in the menu's filter sheet (`MenuFilterSheet`).
 */
export function MenuFilterForm({
  filters,
  onChange,
  currency,
}: {
  filters: MenuFilters;
  /** Takes an update of the latest filters (two quick clicks must both count). */
  onChange: (update: (filters: MenuFilters) => MenuFilters) => void;
  /** The restaurant's currency, in whose minor units the bounds are. */
  currency: CurrencyCode;
}) {
  const t = useT();
  const id = useId();
  const [minText, setMinText] = useState(() => boundText(filters.minPrice, currency));
  const [maxText, setMaxText] = useState(() => boundText(filters.maxPrice, currency));
  const [synced, setSynced] = useState(filters);
  const [error, setError] = useState<PriceError>(null);
  if (synced.minPrice !== filters.minPrice || synced.maxPrice !== filters.maxPrice) {
    // The URL changed from outside (back button, "clear filters"): show it.
    setSynced(filters);
    setMinText(boundText(filters.minPrice, currency));
    setMaxText(boundText(filters.maxPrice, currency));
    setError(null);
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const minPrice = parseBound(minText, currency);
    const maxPrice = parseBound(maxText, currency);
    if (minPrice === null || maxPrice === null) {
      setError('invalid');
      return;
    }
    if (minPrice > 0 && maxPrice > 0 && minPrice > maxPrice) {
      setError('order');
      return;
    }
    setError(null);
    onChange((current) => ({ ...current, minPrice, maxPrice }));
  };

  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = error ? `${hintId} ${errorId}` : hintId;
  const inputClasses =
    'min-h-12 w-full rounded-xl border-2 border-line bg-white px-4 text-lg aria-invalid:border-red-700';
  const step = minorUnitDigits(currency) === 0 ? '1' : '0.01';

  return (
    <div className="flex flex-col gap-4">
      <fieldset>
        <legend className="mb-2 font-semibold">{t('menu.filters.diet')}</legend>
        <div className="flex flex-wrap gap-2">
          <FilterChip
            isChecked={filters.vegan}
            onChange={(vegan) => onChange((current) => ({ ...current, vegan }))}
          >
            <IconLeaf size={18} />
            {t('diet.vegan')}
          </FilterChip>
          <FilterChip
            isChecked={filters.vegetarian}
            onChange={(vegetarian) => onChange((current) => ({ ...current, vegetarian }))}
          >
            <IconSprout size={18} />
            {t('diet.vegetarian')}
          </FilterChip>
        </div>
      </fieldset>
      <form onSubmit={onSubmit} noValidate>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-2 font-semibold">{t('menu.filters.price', { currency })}</legend>
          <p id={hintId} className="text-sm text-ink-muted">
            {t('menu.filters.priceHint')}
          </p>
          <div className="flex flex-wrap items-end gap-3">
            <div className="flex min-w-28 flex-1 flex-col gap-1">
              <label htmlFor={`${id}-min`}>{t('menu.filters.min')}</label>
              <input
                id={`${id}-min`}
                type="number"
                inputMode="decimal"
                min="0"
                step={step}
                value={minText}
                onChange={(event) => setMinText(event.target.value)}
                aria-describedby={describedBy}
                aria-invalid={error ? true : undefined}
                className={inputClasses}
              />
            </div>
            <div className="flex min-w-28 flex-1 flex-col gap-1">
              <label htmlFor={`${id}-max`}>{t('menu.filters.max')}</label>
              <input
                id={`${id}-max`}
                type="number"
                inputMode="decimal"
                min="0"
                step={step}
                value={maxText}
                onChange={(event) => setMaxText(event.target.value)}
                aria-describedby={describedBy}
                aria-invalid={error ? true : undefined}
                className={inputClasses}
              />
            </div>
            <Button type="submit" variant="secondary" className="min-h-12">
              {t('menu.filters.apply')}
            </Button>
          </div>
          {error ? (
            <p id={errorId} role="alert" className="text-sm font-medium text-red-800">
              {error === 'order' ? t('menu.filters.error.order') : t('menu.filters.error.invalid')}
            </p>
          ) : null}
        </fieldset>
      </form>
      {hasMenuFilters(filters) ? (
        <div>
          <Button variant="ghost" onClick={() => onChange(() => EMPTY_MENU_FILTERS)}>
            {t('menu.filters.clear')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
