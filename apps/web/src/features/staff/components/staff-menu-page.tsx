import { useState } from 'react';
import { ErrorState } from '@/components/errors/error-state';
import { Button } from '@/components/ui/button';
import { LoadingBlock } from '@/components/ui/loading-block';
import { useDocumentTitle } from '@/lib/document-title';
import { useLocalized, useT } from '@/lib/i18n';
import type { StaffProduct, StaffRestaurant } from '@comensal/contracts';
import { useStaffProducts } from '../api/staff-products';
import { staffMoney } from '../staff-money';
import { ProductEditForm } from './product-edit-form';
import { ProductPictureField } from './product-picture-field';

function Badges({ product }: { product: StaffProduct }) {
  const t = useT();
  const badges: string[] = [];
  if (product.hidden) badges.push(t('staff.menu.badge.hidden'));
  if (product.stock !== null) {
    badges.push(
      product.stock <= 0
        ? t('staff.menu.badge.soldOut')
        : t('staff.menu.badge.stock', { count: product.stock }),
    );
  }
  if (product.discount) badges.push(t('staff.menu.badge.discount'));
  if (product.scheduleStart && product.scheduleEnd) {
    badges.push(t('staff.menu.badge.schedule', { start: product.scheduleStart, end: product.scheduleEnd }));
  }
  if (badges.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-1">
      {badges.map((badge) => (
        <li key={badge} className="rounded-full bg-cream px-2 py-0.5 text-sm font-semibold">
          {badge}
        </li>
      ))}
    </ul>
  );
}

/** `staff.menu`: every dish with its price, stock, discount, visibility and schedule, edited in place. */
export function StaffMenuPage({ restaurant }: { restaurant: StaffRestaurant }) {
  const t = useT();
  const localized = useLocalized();
  const products = useStaffProducts(restaurant.id);
  const [editing, setEditing] = useState<string | null>(null);
  useDocumentTitle(`${t('staff.nav.menu')} · ${restaurant.name}`);
  return (
    <section aria-labelledby="staff-menu" className="flex flex-col gap-4">
      <h1 id="staff-menu" className="text-2xl font-bold">
        {t('staff.menu.title')}
      </h1>
      {products.isPending ? (
        <LoadingBlock />
      ) : products.isError ? (
        <ErrorState
          title={t('staff.error.load')}
          onRetry={() => void products.refetch()}
          isRetrying={products.isFetching}
        />
      ) : products.data.items.length === 0 ? (
        <p className="rounded-2xl border border-line bg-white p-6 text-center">{t('staff.menu.empty')}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {products.data.items.map((product) => {
            const name = localized(product.name);
            const isEditing = editing === product.id;
            return (
              <li
                key={product.id}
                className="flex flex-col gap-2 rounded-2xl border border-line bg-white p-4"
              >
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <div className="flex flex-col gap-1">
                    <h2 className="text-lg font-semibold">{name}</h2>
                    <p>{staffMoney(product.price, product.currency)}</p>
                    <Badges product={product} />
                  </div>
                  {!isEditing ? (
                    <Button variant="secondary" onClick={() => setEditing(product.id)}>
                      {t('staff.menu.edit', { name })}
                    </Button>
                  ) : null}
                </div>
                {isEditing ? <ProductPictureField product={product} restaurantId={restaurant.id} /> : null}
                {isEditing ? (
                  <ProductEditForm
                    product={product}
                    restaurantId={restaurant.id}
                    currency={product.currency}
                    onDone={() => setEditing(null)}
                  />
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
