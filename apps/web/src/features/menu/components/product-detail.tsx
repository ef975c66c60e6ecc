import type { Product } from '@comensal/contracts';
import type { NewPendingItem, ProductPrice } from '@comensal/domain';
import { formatMoney, missingRequiredPreferences, pointsCost } from '@comensal/domain';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { ErrorState } from '@/components/errors/error-state';
import { NotFound } from '@/components/errors/not-found';
import { Button } from '@/components/ui/button';
import { Picture } from '@/components/ui/picture';
import { DietaryTagList } from '@/components/ui/dietary-tag';
import { IconArrowLeft } from '@/components/ui/icons';
import { Skeleton } from '@/components/ui/skeleton';
import { href, type Query } from '@/config/paths';
import { isNotFound } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/document-title';
import { useLocalized, useT } from '@/lib/i18n';
import { useProduct } from '@/features/menu/api/get-product';
import { productDietaryTags } from '@/features/menu/group-menu';
import { EMPTY_CHOICE, priceChoice, type ProductChoice, selectionsOf } from '@/lib/product-choice';
import { useLiveMenu } from '@/features/menu/use-live-menu';
import { ChoiceFields } from '@/components/product/choice-fields';

/** One line of an order, as the product page puts it together (the domain's pending item, without its id). */
export type ProductLine = Required<{ [K in keyof NewPendingItem]: NonNullable<NewPendingItem[K]> }>;

function ProductSkeleton() {
  const t = useT();
  return (
    <div aria-busy="true" className="flex flex-col gap-4">
      <p className="sr-only">{t('product.loading')}</p>
      <Skeleton className="aspect-video w-full sm:aspect-[21/9]" />
      <Skeleton className="h-9 w-2/3" />
      <Skeleton className="h-16 w-full" />
      <Skeleton className="h-40 w-full" />
    </div>
  );
}

function PriceSummary({
  product,
  price,
  quantity,
  country,
}: {
  product: Product;
  price: ProductPrice;
  quantity: number;
  country: string;
}) {
  const t = useT();
  const headingId = useId();
  const money = (amount: number) => formatMoney(amount, country);
  const hasDiscount = price.discountMinor > 0;
  const unitDiscount = price.discountMinor / quantity;
  const badge =
    product.discountType === 'percent'
      ? t('menu.discount.percent', { percent: product.discount ?? 0 })
      : t('menu.discount.amount', { amount: money(product.discount ?? 0) });
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-2xl border border-line bg-white p-4"
    >
      <h2 id={headingId} className="text-xl font-bold">
        {t('product.price.title')}
      </h2>
      <dl className="grid grid-cols-[1fr_auto] items-baseline gap-x-4 gap-y-2">
        <dt>{t('product.price.unit')}</dt>
        <dd className="flex flex-wrap items-baseline justify-end gap-x-2">
          {hasDiscount ? (
            <>
              <span className="rounded-full bg-brand-700 px-2 py-0.5 text-sm font-bold text-white">
                {badge}
              </span>
              <del className="text-ink-muted">
                <span className="sr-only">{t('menu.price.before')} </span>
                {money(price.unitPriceMinor)}
              </del>
            </>
          ) : null}
          <span className="font-semibold">{money(price.unitPriceMinor - unitDiscount)}</span>
        </dd>
        <dt>{t('product.price.quantity')}</dt>
        <dd className="text-right">{t('product.price.times', { quantity })}</dd>
        <dt className="text-lg font-bold">{t('product.price.total')}</dt>
        <dd className="flex flex-wrap items-baseline justify-end gap-x-2">
          {hasDiscount ? (
            <del className="text-ink-muted">
              <span className="sr-only">{t('menu.price.before')} </span>
              {money(price.subtotalMinor)}
            </del>
          ) : null}
          <span className="text-2xl font-bold">{money(price.totalMinor)}</span>
        </dd>
      </dl>
      <p role="status" className="sr-only">
        {t('product.price.announce', { total: money(price.totalMinor) })}
      </p>
    </section>
  );
}

interface ProductDetailProps {
  restaurantId: string;
  productId: string;
  /**
   * The restaurant's country (money is shown per docs/product.md#currency-display), its name; null
   * while it loads.
   */
  restaurant: { name: string; country: string } | null;
  /** The restaurant could not be loaded (money cannot be shown). */
  isRestaurantError?: boolean;
  onRetryRestaurant?: () => void;
  /** `table`/`room` to carry back to the menu. */
  query?: Query;
  /** Composed by the route (the favourites feature). */
  favoriteToggle?: ReactNode;
  /** Adds the line to an order; without it the diner cannot order here (yet) and `orderingNote` says why. */
  onAdd?: (line: ProductLine) => void;
  /** Above the add button while ordering: which reservation the dish goes to. */
  orderPanel?: ReactNode;
  /** Below the (disabled) add button when the diner cannot order here: why, and what to do. */
  orderingNote?: ReactNode;
  /** The diner's points at the restaurant (null while unknown): a dish with a points price may be paid with them. */
  pointsBalance?: number | null;
}

/**
 * A dish: picture, name, description, dietary tags, preferences, quantity, comments and the
 * price as the domain computes it (per unit, discount, total), live as the diner chooses.
 */
export function ProductDetail({
  restaurantId,
  productId,
  restaurant,
  isRestaurantError = false,
  onRetryRestaurant,
  query: linkQuery,
  favoriteToggle,
  onAdd,
  orderPanel,
  orderingNote,
  pointsBalance = null,
}: ProductDetailProps) {
  const t = useT();
  const intl = useIntl();
  const localized = useLocalized();
  const product = useProduct(restaurantId, productId);
  const [choice, setChoice] = useState<ProductChoice>(EMPTY_CHOICE);
  const [showMissing, setShowMissing] = useState(false);
  const [payWithPoints, setPayWithPoints] = useState(false);
  const noteId = useId();
  const pointsNoteId = useId();
  const isMissing = product.isError && isNotFound(product.error);
  useLiveMenu(restaurantId);
  useDocumentTitle(
    product.data
      ? localized(product.data.name)
      : isMissing
        ? t('product.notFound.title')
        : t('page.restaurant.product.title'),
  );

  const backLink = (
    <Link
      to={href('restaurant.menu', { restaurantId }, linkQuery)}
      className="inline-flex min-h-11 items-center gap-2 self-start font-semibold text-brand-800"
    >
      <IconArrowLeft size={18} />
      {restaurant ? t('product.backToMenuOf', { name: restaurant.name }) : t('product.backToMenu')}
    </Link>
  );

  let body;
  if (product.isError) {
    body = isMissing ? (
      <NotFound title={t('product.notFound.title')} message={t('product.notFound.message')} />
    ) : (
      <ErrorState
        title={t('product.error.title')}
        onRetry={() => void product.refetch()}
        isRetrying={product.isFetching}
      />
    );
  } else if (isRestaurantError) {
    body = (
      <ErrorState
        title={t('product.error.title')}
        {...(onRetryRestaurant && { onRetry: onRetryRestaurant })}
      />
    );
  } else if (product.isPending || restaurant === null) {
    body = <ProductSkeleton />;
  } else {
    const dish = product.data;
    const name = localized(dish.name);
    const description = localized(dish.description);
    const price = priceChoice(dish, choice);
    const missing = missingRequiredPreferences(dish.preferences, selectionsOf(dish, choice));
    // Marked once the diner tried to go on without them.
    const missingKeys = new Set(showMissing ? missing.map((preference) => preference.key) : []);
    const canOrder = onAdd !== undefined;
    const points =
      canOrder && dish.pointsPrice !== null ? pointsCost(dish.pointsPrice, choice.quantity) : null;
    const isPointsShort = points !== null && pointsBalance !== null && pointsBalance < points;
    const withPoints = payWithPoints && points !== null && !isPointsShort;

    const onSubmit = (event: FormEvent) => {
      event.preventDefault();
      if (!onAdd) return;
      if (missing.length > 0) {
        setShowMissing(true);
        return;
      }
      onAdd({
        productId: dish.id,
        quantity: choice.quantity,
        comments: choice.comments.trim(),
        selections: selectionsOf(dish, choice),
        payWithPoints: withPoints,
      });
      // Ready for the next one: the same dish with other choices, or back to the menu.
      setChoice(EMPTY_CHOICE);
      setShowMissing(false);
      setPayWithPoints(false);
    };

    body = (
      <article className="flex flex-col gap-6">
        {dish.imageUrl ? (
          // the page's largest paint: fetched at once; the box is 16:9 (21:9 from sm) before it arrives
          <Picture
            url={dish.imageUrl}
            sizes="(min-width: 768px) 736px, calc(100vw - 2rem)"
            width={960}
            height={540}
            isPriority
            className="aspect-video w-full rounded-2xl object-cover sm:aspect-[21/9]"
          />
        ) : null}
        <header className="flex flex-col gap-3">
          <h1 className="text-3xl font-bold">{name}</h1>
          {description ? <p className="text-lg whitespace-pre-line">{description}</p> : null}
          <DietaryTagList tags={productDietaryTags(dish)} label={t('menu.product.dietary')} />
          {favoriteToggle ? <div>{favoriteToggle}</div> : null}
        </header>

        <form onSubmit={onSubmit} className="flex flex-col gap-6" noValidate>
          <ChoiceFields
            preferences={dish.preferences}
            choice={choice}
            onChange={setChoice}
            country={restaurant.country}
            missingKeys={missingKeys}
          />

          <PriceSummary
            product={dish}
            price={price}
            quantity={choice.quantity}
            country={restaurant.country}
          />

          {points !== null ? (
            <div className="flex flex-col gap-1 rounded-2xl border border-line bg-white p-4">
              <label className="flex min-h-11 cursor-pointer items-center gap-3 text-lg font-semibold">
                <input
                  type="checkbox"
                  className="size-5 accent-brand-700"
                  checked={withPoints}
                  disabled={isPointsShort}
                  aria-describedby={pointsNoteId}
                  onChange={(event) => setPayWithPoints(event.target.checked)}
                />
                {t('product.points.pay', { points })}
              </label>
              <p
                id={pointsNoteId}
                className={isPointsShort ? 'font-semibold text-red-800' : 'text-ink-muted'}
              >
                {pointsBalance === null
                  ? t('product.points.checking')
                  : t(isPointsShort ? 'product.points.short' : 'product.points.balance', {
                      balance: pointsBalance,
                    })}
              </p>
            </div>
          ) : null}

          <div className="flex flex-col gap-2">
            {canOrder ? orderPanel : null}
            {missing.length > 0 ? (
              <p className={showMissing ? 'font-semibold text-red-800' : 'text-ink-muted'}>
                {t('product.missing', {
                  names: intl.formatList(missing.map((preference) => localized(preference.name))),
                })}
              </p>
            ) : null}
            <Button
              type="submit"
              size="lg"
              block
              disabled={!canOrder}
              {...(!canOrder && { 'aria-describedby': noteId })}
            >
              {t('product.add', {
                total: withPoints
                  ? t('order.points', { points: points ?? 0 })
                  : formatMoney(price.totalMinor, restaurant.country),
              })}
            </Button>
            {canOrder ? null : (
              <div id={noteId} className="text-ink-muted">
                {orderingNote ?? t('product.orderingNote')}
              </div>
            )}
          </div>
        </form>
      </article>
    );
  }

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-4 py-6">
      {backLink}
      {body}
    </div>
  );
}
