import type { Product } from '@comensal/contracts';
import { MAX_ORDER_COMMENTS_LENGTH, MAX_ORDER_QUANTITY } from '@comensal/domain';
import { useId } from 'react';
import { QuantityStepper } from '@/components/ui/quantity-stepper';
import { useT } from '@/lib/i18n';
import type { ProductChoice } from '@/lib/product-choice';
import { PreferenceFieldset } from './preference-fieldset';

/**
 * What the diner chooses of a dish, in order: its preferences, the quantity (1–99, an order
 * line's bounds) and comments for the kitchen. The product page and the change of a sent order
 * both use it.
 */
export function ChoiceFields({
  preferences,
  choice,
  onChange,
  country,
  missingKeys,
}: {
  /** The dish's preferences as the menu has them now (none when it is no longer on the menu). */
  preferences: Product['preferences'];
  choice: ProductChoice;
  onChange: (update: (choice: ProductChoice) => ProductChoice) => void;
  country: string;
  /** Required preferences still unchosen after the diner tried to go on. */
  missingKeys: ReadonlySet<string>;
}) {
  const t = useT();
  const commentsId = useId();
  return (
    <>
      {preferences.map((preference) => (
        <PreferenceFieldset
          key={preference.key}
          preference={preference}
          choice={choice}
          onChange={(next) => onChange(() => next)}
          country={country}
          isMissing={missingKeys.has(preference.key)}
        />
      ))}

      <div className="flex flex-col gap-2">
        <span aria-hidden="true" className="text-lg font-bold">
          {t('product.quantity')}
        </span>
        <QuantityStepper
          value={choice.quantity}
          max={MAX_ORDER_QUANTITY}
          label={t('product.quantity')}
          onChange={(quantity) => onChange((current) => ({ ...current, quantity }))}
        />
      </div>

      <div className="flex flex-col gap-1.5">
        <label htmlFor={commentsId} className="text-lg font-bold">
          {t('product.comments.label')}
        </label>
        <textarea
          id={commentsId}
          value={choice.comments}
          maxLength={MAX_ORDER_COMMENTS_LENGTH}
          rows={3}
          onChange={(event) => {
            const comments = event.target.value;
            onChange((current) => ({ ...current, comments }));
          }}
          placeholder={t('product.comments.placeholder')}
          className="rounded-xl border-2 border-line bg-white px-4 py-3 text-lg placeholder:text-ink-muted"
        />
      </div>
    </>
  );
}
