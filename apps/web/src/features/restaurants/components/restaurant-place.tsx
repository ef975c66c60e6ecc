import { useT } from '@/lib/i18n';
import { categoryMessageId } from '@/features/restaurants/restaurant-display';

/** "Tapas · Barcelona": translated category and city. */
export function RestaurantPlace({
  category,
  city,
  className,
}: {
  category: string;
  city: string;
  className: string;
}) {
  const t = useT();
  const categoryId = categoryMessageId(category);
  return (
    <p className={className}>
      {t('restaurants.card.place', { category: categoryId ? t(categoryId) : category, city })}
    </p>
  );
}
