import { useCallback, useState } from 'react';
import { useT } from '@/lib/i18n';
import { forgetRememberedRestaurant, getRememberedRestaurantId } from '@/lib/visit-context';
import { RememberedRestaurant } from './remembered-restaurant';
import { RestaurantList } from './restaurant-list';

/** Home content: the remembered restaurant alone when there is one, else every restaurant. */
export function RestaurantBrowser() {
  const t = useT();
  const [rememberedId, setRememberedId] = useState(getRememberedRestaurantId);
  const showAll = useCallback(() => {
    forgetRememberedRestaurant();
    setRememberedId(null);
  }, []);

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-5 px-4 py-6">
      <h1 className="text-2xl font-bold sm:text-3xl">
        {rememberedId ? t('restaurants.remembered.title') : t('restaurants.title')}
      </h1>
      {rememberedId ? (
        <RememberedRestaurant restaurantId={rememberedId} onShowAll={showAll} />
      ) : (
        <RestaurantList variant="home" />
      )}
    </div>
  );
}
