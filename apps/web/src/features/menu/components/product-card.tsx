import type { MenuItem } from '@comensal/contracts';
import { memo, type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { DietaryTagList } from '@/components/ui/dietary-tag';
import { href, type Query } from '@/config/paths';
import { Picture } from '@/components/ui/picture';
import { useLocalized, useT } from '@/lib/i18n';
import { ProductPrice } from './product-price';

/**
 * A dish of the menu; the whole card is the link to the product page, but for its `action`.
 * Memoised: a long menu renders its dishes a slice at a time (menu-view.tsx), and the dishes
 * already on the page need not render again for each slice.
 */
export const ProductCard = memo(function ProductCard({
  product,
  restaurantId,
  country,
  query,
  action,
}: {
  /** The menu list's dish (ADR 0037): its tags already hold the vegan / vegetarian flags. */
  product: MenuItem;
  restaurantId: string;
  country: string;
  query?: Query;
  /** A control of its own above the card's link (add to the order). */
  action?: ReactNode;
}) {
  const t = useT();
  const localized = useLocalized();
  const name = localized(product.name);
  const description = localized(product.description);
  const nameId = useId();
  return (
    <article className="relative flex gap-4 rounded-2xl border border-line bg-white p-4 shadow-sm transition-shadow hover:shadow-md">
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <h3 id={nameId} className="text-lg font-bold">
          {name}
        </h3>
        {description ? <p className="line-clamp-3 text-ink-muted">{description}</p> : null}
        <ProductPrice product={product} country={country} />
        <DietaryTagList tags={product.tags} label={t('menu.product.dietary')} />
        {action ? <div className="relative z-10 mt-1 self-start">{action}</div> : null}
      </div>
      {product.imageUrl ? (
        // width and height: the box is held before the picture arrives (no layout shift)
        <Picture
          url={product.imageUrl}
          sizes="(min-width: 640px) 128px, 96px"
          width={128}
          height={128}
          className="size-24 shrink-0 rounded-xl object-cover sm:size-32"
        />
      ) : null}
      {/* The card's own box is the target (as the restaurant cards'), named by the dish. */}
      <Link
        to={href('restaurant.product', { restaurantId, productId: product.id }, query)}
        aria-labelledby={nameId}
        className="absolute inset-0 rounded-2xl"
      />
    </article>
  );
});
