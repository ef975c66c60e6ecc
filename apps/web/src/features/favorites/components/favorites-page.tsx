import type { FavoriteType } from '@comensal/contracts';
import { formatMoney, priceProduct } from '@comensal/domain';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ErrorState } from '@/components/errors/error-state';
import { Button, buttonClasses } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { ListPage } from '@/components/layouts/list-page';
import { Picture } from '@/components/ui/picture';
import { href } from '@/config/paths';
import { useDocumentTitle } from '@/lib/document-title';
import { useLocalized, useT } from '@/lib/i18n';
import {
  type FavoriteProduct,
  type FavoriteRestaurant,
  useFavoriteProducts,
  useFavoriteRestaurants,
} from '@/features/favorites/api/list-favorites';
import { FavoriteToggle } from './favorite-toggle';

const TABS = [
  { type: 'restaurants', route: 'favorites.restaurants', labelId: 'tab.favorites.restaurants' },
  { type: 'products', route: 'favorites.products', labelId: 'tab.favorites.products' },
] as const;

function Thumbnail({ url }: { url: string | null }) {
  return url ? (
    <Picture
      url={url}
      sizes="80px"
      width={80}
      height={80}
      className="size-20 shrink-0 rounded-xl object-cover"
    />
  ) : (
    <div
      aria-hidden="true"
      className="size-20 shrink-0 rounded-xl bg-gradient-to-br from-brand-400 to-brand-800"
    />
  );
}

function Row({
  thumbnail,
  children,
  toggle,
}: {
  thumbnail: ReactNode;
  children: ReactNode;
  toggle: ReactNode;
}) {
  return (
    <article className="flex flex-wrap items-center gap-4 rounded-2xl border border-line bg-white p-3 shadow-sm">
      {thumbnail}
      <div className="flex min-w-0 flex-1 basis-40 flex-col gap-1">{children}</div>
      <div className="shrink-0">{toggle}</div>
    </article>
  );
}

function RestaurantRow({ favorite }: { favorite: FavoriteRestaurant }) {
  const { restaurant } = favorite;
  return (
    <Row
      thumbnail={<Thumbnail url={restaurant.coverUrl} />}
      toggle={<FavoriteToggle type="restaurants" id={restaurant.id} hasSession signInHref={href('auth')} />}
    >
      <h2 className="text-lg font-bold">
        <Link
          to={href('restaurant.profile', { restaurantId: restaurant.id })}
          className="underline-offset-4 hover:underline"
        >
          {restaurant.name}
        </Link>
      </h2>
      <p className="text-ink-muted">{restaurant.city}</p>
    </Row>
  );
}

function ProductRow({ favorite }: { favorite: FavoriteProduct }) {
  const t = useT();
  const localized = useLocalized();
  const { product, restaurant } = favorite;
  const { totalMinor } = priceProduct({
    product: { priceMinor: product.price, discount: product.discount, discountType: product.discountType },
    quantity: 1,
  });
  return (
    <Row
      thumbnail={<Thumbnail url={product.imageUrl} />}
      toggle={<FavoriteToggle type="products" id={product.id} hasSession signInHref={href('auth')} />}
    >
      <h2 className="text-lg font-bold">
        <Link
          to={href('restaurant.product', { restaurantId: restaurant.id, productId: product.id })}
          className="underline-offset-4 hover:underline"
        >
          {localized(product.name)}
        </Link>
      </h2>
      <p className="text-ink-muted">{restaurant.name}</p>
      <p className="flex flex-wrap items-center gap-2">
        <span className="font-bold">{formatMoney(totalMinor, restaurant.country)}</span>
        {favorite.isAvailable ? null : (
          <span className="rounded-full border border-line px-2 py-0.5 text-sm">
            {t('favorites.unavailable')}
          </span>
        )}
      </p>
    </Row>
  );
}

function ListSkeleton() {
  const t = useT();
  return (
    <div aria-busy="true" className="flex flex-col gap-3">
      <p className="sr-only">{t('favorites.loading')}</p>
      {[0, 1, 2].map((index) => (
        <Skeleton key={index} className="h-26 w-full" />
      ))}
    </div>
  );
}

interface ListQuery<T> {
  data: { pages: ReadonlyArray<{ items: readonly T[] }> } | undefined;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  refetch: () => unknown;
  fetchNextPage: () => unknown;
}

function FavoriteList<T>({
  query,
  keyOf,
  renderItem,
  emptyText,
}: {
  query: ListQuery<T>;
  keyOf: (item: T) => string;
  renderItem: (item: T) => ReactNode;
  emptyText: string;
}) {
  const t = useT();
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  if (query.isPending) return <ListSkeleton />;
  if (query.isError && items.length === 0) {
    return (
      <ErrorState
        title={t('favorites.error.title')}
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
      />
    );
  }
  if (items.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-2xl border border-line bg-white p-6 text-center">
        <p className="text-lg font-semibold">{emptyText}</p>
        <p className="text-ink-muted">{t('favorites.empty.hint')}</p>
        <Link to={href('home')} className={buttonClasses()}>
          {t('favorites.empty.explore')}
        </Link>
      </div>
    );
  }
  return (
    <>
      <ul className="flex flex-col gap-3">
        {items.map((item) => (
          <li key={keyOf(item)}>{renderItem(item)}</li>
        ))}
      </ul>
      {query.hasNextPage ? (
        <div className="flex justify-center">
          <Button
            variant="secondary"
            onClick={() => void query.fetchNextPage()}
            disabled={query.isFetchingNextPage}
          >
            {query.isFetchingNextPage ? t('common.loading') : t('favorites.loadMore')}
          </Button>
        </div>
      ) : null}
    </>
  );
}

function RestaurantFavorites() {
  const t = useT();
  return (
    <FavoriteList
      query={useFavoriteRestaurants()}
      keyOf={(favorite) => favorite.restaurant.id}
      renderItem={(favorite) => <RestaurantRow favorite={favorite} />}
      emptyText={t('favorites.empty.restaurants')}
    />
  );
}

function ProductFavorites() {
  const t = useT();
  return (
    <FavoriteList
      query={useFavoriteProducts()}
      keyOf={(favorite) => favorite.product.id}
      renderItem={(favorite) => <ProductRow favorite={favorite} />}
      emptyText={t('favorites.empty.products')}
    />
  );
}

/**
 * `/favorites/restaurants` and `/favorites/products` (docs/product.md#screens-and-routes): one
 * page, a tab per type.
 */
export function FavoritesPage({ type }: { type: FavoriteType }) {
  const t = useT();
  const title =
    type === 'restaurants' ? t('page.favorites.restaurants.title') : t('page.favorites.products.title');
  useDocumentTitle(title);
  return (
    <ListPage
      title={title}
      tabs={TABS.map((tab) => ({ key: tab.type, to: href(tab.route), label: t(tab.labelId) }))}
    >
      {type === 'restaurants' ? <RestaurantFavorites /> : <ProductFavorites />}
    </ListPage>
  );
}
