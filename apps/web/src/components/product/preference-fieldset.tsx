import type { Product } from '@comensal/contracts';
import { formatMoney } from '@comensal/domain';
import { useId } from 'react';
import { useLocalized, useT } from '@/lib/i18n';
import { chooseMultiple, chooseSingle, type ProductChoice } from '@/lib/product-choice';
import { QuantityStepper } from '@/components/ui/quantity-stepper';

type Preference = Product['preferences'][number];

const OPTION_ROW =
  'flex min-h-12 cursor-pointer items-center gap-3 rounded-xl border-2 border-line bg-white px-4 py-2 has-checked:border-brand-700 has-checked:bg-brand-50';

function OptionPrice({ priceMinor, country }: { priceMinor: number; country: string }) {
  const t = useT();
  if (priceMinor <= 0) return null;
  return (
    <span className="ml-auto font-semibold whitespace-nowrap">
      {t('product.option.price', { price: formatMoney(priceMinor, country) })}
    </span>
  );
}

/**
 * One preference of a dish: single-choice as a radio group (an optional one offers "none"),
 * multiple-choice as checkboxes, each ticked option with its own quantity up to its maximum.
 */
export function PreferenceFieldset({
  preference,
  choice,
  onChange,
  country,
  isMissing,
}: {
  preference: Preference;
  choice: ProductChoice;
  onChange: (choice: ProductChoice) => void;
  country: string;
  /** Required and still unchosen, after the diner tried to go on. */
  isMissing: boolean;
}) {
  const t = useT();
  const localized = useLocalized();
  const id = useId();
  const name = localized(preference.name);
  const hintId = `${id}-hint`;
  const nameId = `${id}-name`;

  const legend = (
    <legend className="mb-2 flex w-full flex-wrap items-baseline gap-x-2 text-lg font-bold">
      <span id={nameId}>{name}</span>
      <span id={hintId} className={`text-sm font-semibold ${isMissing ? 'text-red-800' : 'text-ink-muted'}`}>
        {preference.required
          ? preference.multiple
            ? t('product.preference.requiredMultiple')
            : t('product.preference.requiredSingle')
          : preference.multiple
            ? t('product.preference.optionalMultiple')
            : t('product.preference.optional')}
      </span>
    </legend>
  );

  if (!preference.multiple) {
    const selected = choice.single[preference.key] ?? null;
    return (
      <fieldset
        role="radiogroup"
        aria-labelledby={nameId}
        aria-describedby={hintId}
        aria-required={preference.required}
        aria-invalid={isMissing || undefined}
        className="flex flex-col gap-2"
      >
        {legend}
        {preference.required ? null : (
          <label className={OPTION_ROW}>
            <input
              type="radio"
              name={id}
              className="size-5 accent-brand-700"
              checked={selected === null}
              onChange={() => onChange(chooseSingle(choice, preference.key, null))}
            />
            {t('product.preference.none')}
          </label>
        )}
        {preference.options.map((option) => (
          <label key={option.key} className={OPTION_ROW}>
            <input
              type="radio"
              name={id}
              className="size-5 accent-brand-700"
              checked={selected === option.key}
              onChange={() => onChange(chooseSingle(choice, preference.key, option.key))}
            />
            {localized(option.name)}
            <OptionPrice priceMinor={option.priceMinor} country={country} />
          </label>
        ))}
      </fieldset>
    );
  }

  const picked = choice.multiple[preference.key] ?? {};
  return (
    <fieldset aria-labelledby={nameId} aria-describedby={hintId} className="flex flex-col gap-2">
      {legend}
      {preference.options.map((option) => {
        const quantity = picked[option.key];
        const optionName = localized(option.name);
        const canRepeat = option.maxQuantity === undefined || option.maxQuantity > 1;
        return (
          <div key={option.key} className="flex flex-wrap items-center gap-x-4 gap-y-2">
            <label className={`${OPTION_ROW} flex-1 basis-56`}>
              <input
                type="checkbox"
                className="size-5 accent-brand-700"
                checked={quantity !== undefined}
                onChange={(event) =>
                  onChange(
                    chooseMultiple(choice, preference.key, option.key, event.target.checked ? 1 : null),
                  )
                }
              />
              {optionName}
              <OptionPrice priceMinor={option.priceMinor} country={country} />
            </label>
            {quantity !== undefined && canRepeat ? (
              <QuantityStepper
                value={quantity}
                max={option.maxQuantity}
                label={t('product.option.quantity', { option: optionName })}
                onChange={(next) => onChange(chooseMultiple(choice, preference.key, option.key, next))}
              />
            ) : null}
          </div>
        );
      })}
    </fieldset>
  );
}
