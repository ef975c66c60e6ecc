import type { CurrencyCode } from '@comensal/domain';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { weekdayName, WEEKDAYS_MONDAY_FIRST } from '@/lib/format';
import { useLocale, useT } from '@/lib/i18n';
import { notify } from '@/lib/toast';
import type { StaffProduct } from '@comensal/contracts';
import { useUpdateStaffProduct } from '../api/staff-products';
import {
  checkProductForm,
  type DiscountChoice,
  formValuesOf,
  type ProductErrors,
  type ProductFormValues,
  productUpdate,
} from '../product-form';
import { staffErrorMessage } from '../staff-errors';

const DISCOUNT_CHOICES: ReadonlyArray<DiscountChoice> = ['none', 'amount', 'percent'];

/** The dish's staff form: every field checked as typed values before sending; the server's refusals mapped too. */
export function ProductEditForm({
  product,
  restaurantId,
  currency,
  onDone,
}: {
  product: StaffProduct;
  restaurantId: string;
  currency: CurrencyCode;
  onDone: () => void;
}) {
  const t = useT();
  const { locale } = useLocale();
  const id = useId();
  const [values, setValues] = useState<ProductFormValues>(() => formValuesOf(product, currency));
  const [errors, setErrors] = useState<ProductErrors>({});
  const [note, setNote] = useState<string | null>(null);
  const update = useUpdateStaffProduct(restaurantId, product.id);
  const set = <K extends keyof ProductFormValues>(key: K, value: ProductFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const message = (field: keyof ProductErrors) => (errors[field] ? t(errors[field]) : undefined);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkProductForm(values, currency);
    setErrors(checked.errors);
    setNote(null);
    if (!checked.change) return;
    const diff = productUpdate(product, checked.change);
    if (Object.keys(diff).length === 0) {
      setNote(t('staff.menu.noChange'));
      return;
    }
    update.mutate(diff, {
      onSuccess: () => {
        notify('success', 'staff.menu.saved');
        onDone();
      },
    });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4 border-t border-line pt-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('staff.menu.price')}
          hint={t('staff.menu.priceHint', { currency })}
          inputMode="decimal"
          value={values.price}
          onChange={(event) => set('price', event.target.value)}
          error={message('price')}
        />
        <TextField
          label={t('staff.menu.stock')}
          hint={t('staff.menu.stockHint')}
          inputMode="numeric"
          value={values.stock}
          onChange={(event) => set('stock', event.target.value)}
          error={message('stock')}
        />
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-discount-type`} className="font-semibold">
            {t('staff.menu.discount')}
          </label>
          <select
            id={`${id}-discount-type`}
            value={values.discountType}
            onChange={(event) => set('discountType', event.target.value as DiscountChoice)}
            className="min-h-12 rounded-xl border-2 border-line bg-white px-3 text-lg"
          >
            {DISCOUNT_CHOICES.map((choice) => (
              <option key={choice} value={choice}>
                {t(`staff.menu.discount.${choice}`)}
              </option>
            ))}
          </select>
        </div>
        {values.discountType !== 'none' ? (
          <TextField
            label={t('staff.menu.discountValue')}
            inputMode="decimal"
            value={values.discount}
            onChange={(event) => set('discount', event.target.value)}
            error={message('discount')}
          />
        ) : null}
      </div>
      <label className="flex min-h-11 items-center gap-3 font-semibold">
        <input
          type="checkbox"
          checked={values.hidden}
          onChange={(event) => set('hidden', event.target.checked)}
          className="size-6 accent-brand-700"
        />
        {t('staff.menu.hidden')}
      </label>
      <fieldset className="flex flex-col gap-3">
        <legend className="sr-only">{t('staff.menu.scheduleStart')}</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t('staff.menu.scheduleStart')}
            type="time"
            value={values.scheduleStart}
            onChange={(event) => set('scheduleStart', event.target.value)}
            error={message('schedule')}
          />
          <TextField
            label={t('staff.menu.scheduleEnd')}
            type="time"
            hint={t('staff.menu.scheduleHint')}
            value={values.scheduleEnd}
            onChange={(event) => set('scheduleEnd', event.target.value)}
          />
        </div>
      </fieldset>
      <fieldset className="flex flex-col gap-2">
        <legend className="font-semibold">{t('staff.menu.days')}</legend>
        <div className="flex flex-wrap gap-2">
          {WEEKDAYS_MONDAY_FIRST.map((day) => (
            <label
              key={day}
              className="flex min-h-11 items-center gap-2 rounded-full border-2 border-line px-3"
            >
              <input
                type="checkbox"
                checked={values.scheduleDays.includes(day)}
                onChange={(event) =>
                  set(
                    'scheduleDays',
                    event.target.checked
                      ? [...values.scheduleDays, day]
                      : values.scheduleDays.filter((entry) => entry !== day),
                  )
                }
                className="size-5 accent-brand-700"
              />
              {weekdayName(day, locale)}
            </label>
          ))}
        </div>
      </fieldset>
      {update.isError ? (
        <p role="alert" className="rounded-xl border-2 border-red-700 bg-red-50 p-3 font-semibold">
          {t(staffErrorMessage(update.error))}
        </p>
      ) : null}
      {note ? <p role="status">{note}</p> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={update.isPending}>
          {t('staff.menu.save')}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          {t('staff.menu.cancel')}
        </Button>
      </div>
    </form>
  );
}
