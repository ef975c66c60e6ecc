import type { Product } from '@comensal/contracts';
import { formatMoney, priceProduct } from '@comensal/domain';
import { useT } from '@/lib/i18n';

/** Price of one unit, with the undiscounted price and a discount badge when there is a discount. */
export function ProductPrice({
  product,
  country,
}: {
  /** A menu item omits `discount` when there is none; a product has it null. */
  product: Pick<Product, 'price'> & {
    discount?: Product['discount'] | undefined;
    discountType?: Product['discountType'] | undefined;
  };
  country: string;
}) {
  const t = useT();
  const discount = product.discount ?? null;
  const discountType = product.discountType ?? null;
  const { subtotalMinor, totalMinor } = priceProduct({
    product: { priceMinor: product.price, discount, discountType },
    quantity: 1,
  });
  const hasDiscount = totalMinor < subtotalMinor && discount !== null;
  return (
    <p className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
      <span className="text-lg font-bold">{formatMoney(totalMinor, country)}</span>
      {hasDiscount ? (
        <>
          <del className="text-ink-muted">
            <span className="sr-only">{t('menu.price.before')} </span>
            {formatMoney(subtotalMinor, country)}
          </del>
          <span className="rounded-full bg-brand-700 px-2 py-0.5 text-sm font-bold text-white">
            {discountType === 'percent'
              ? t('menu.discount.percent', { percent: discount })
              : t('menu.discount.amount', { amount: formatMoney(discount, country) })}
          </span>
        </>
      ) : null}
    </p>
  );
}
