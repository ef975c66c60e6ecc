import { IconLeaf, IconSprout } from '@/components/ui/icons';
import { useT } from '@/lib/i18n';
import { CATEGORY_KEYS, categoryMessageId } from '@/features/restaurants/restaurant-display';
import type { RestaurantFilters } from '@/features/restaurants/restaurant-filters';
import { FilterChip } from '@/components/ui/filter-chip';

/**
 * The search filter (docs/product.md#search-and-menu-filters): vegan, vegetarian and categories
 * (any of them), each a chip.
 */
export function RestaurantFilterForm({
  filters,
  onChange,
}: {
  filters: RestaurantFilters;
  /** Takes an update of the latest filters (two quick clicks must both count). */
  onChange: (update: (filters: RestaurantFilters) => RestaurantFilters) => void;
}) {
  const t = useT();
  const toggleCategory = (category: string, isChecked: boolean) =>
    onChange((current) => ({
      ...current,
      categories: isChecked
        ? [...current.categories.filter((key) => key !== category), category]
        : current.categories.filter((key) => key !== category),
    }));
  // Categories in the URL that this build does not know still show, so they can be turned off.
  const categories = [
    ...CATEGORY_KEYS,
    ...filters.categories.filter((key) => !(CATEGORY_KEYS as readonly string[]).includes(key)),
  ];

  return (
    <div className="flex flex-col gap-4">
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-lg font-bold">{t('restaurants.filters.diet')}</legend>
        <div className="flex flex-wrap gap-2">
          <FilterChip
            isChecked={filters.vegan}
            onChange={(vegan) => onChange((current) => ({ ...current, vegan }))}
          >
            <IconLeaf size={18} />
            {t('diet.vegan')}
          </FilterChip>
          <FilterChip
            isChecked={filters.vegetarian}
            onChange={(vegetarian) => onChange((current) => ({ ...current, vegetarian }))}
          >
            <IconSprout size={18} />
            {t('diet.vegetarian')}
          </FilterChip>
        </div>
      </fieldset>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-lg font-bold">{t('restaurants.filters.categories')}</legend>
        <div className="flex flex-wrap gap-2">
          {categories.map((category) => {
            const labelId = categoryMessageId(category);
            return (
              <FilterChip
                key={category}
                isChecked={filters.categories.includes(category)}
                onChange={(isChecked) => toggleCategory(category, isChecked)}
              >
                {labelId ? t(labelId) : category}
              </FilterChip>
            );
          })}
        </div>
      </fieldset>
    </div>
  );
}
