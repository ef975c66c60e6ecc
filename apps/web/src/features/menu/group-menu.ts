import type { DietaryTag, Localized, Menu, MenuItem, Product } from '@comensal/contracts';

/**
 * The contracts' `DIETARY_TAGS` order, restated here so the menu needs no value (and so no zod)
 * from the contracts; the type check below fails if a tag is added there and not here.
 */
const DIETARY_TAG_ORDER = [
  'vegetarian',
  'vegan',
  'spicy',
  'gluten_free',
  'dairy_free',
  'halal',
] as const satisfies readonly DietaryTag[];
type MissingTag = Exclude<DietaryTag, (typeof DIETARY_TAG_ORDER)[number]>;
const EVERY_TAG_LISTED: [MissingTag] extends [never] ? true : MissingTag = true;
void EVERY_TAG_LISTED;

export interface MenuGroup {
  key: string;
  /** null: products whose section is not listed in `sections`. */
  name: Localized | null;
  items: MenuItem[];
}

/** Products by section, in the menu's section order; empty sections are left out, unknown ones go last. */
export function groupMenu(menu: Pick<Menu, 'sections' | 'items'>): MenuGroup[] {
  const bySection = new Map<string, MenuItem[]>();
  for (const item of menu.items) {
    const list = bySection.get(item.section);
    if (list) list.push(item);
    else bySection.set(item.section, [item]);
  }
  const groups: MenuGroup[] = [];
  for (const section of menu.sections) {
    const items = bySection.get(section.key);
    if (items) groups.push({ key: section.key, name: section.name, items });
    bySection.delete(section.key);
  }
  const others = [...bySection.values()].flat();
  if (others.length > 0) groups.push({ key: 'other', name: null, items: others });
  return groups;
}

/** The first `count` dishes of the grouped menu, in order; sections with none of them are left out. */
export function firstDishes(groups: readonly MenuGroup[], count: number): MenuGroup[] {
  const shown: MenuGroup[] = [];
  let left = count;
  for (const group of groups) {
    if (left <= 0) break;
    const items = group.items.length <= left ? group.items : group.items.slice(0, left);
    shown.push(items === group.items ? group : { ...group, items });
    left -= items.length;
  }
  return shown;
}

/** The product's dietary tags, with its vegan / vegetarian flags folded in, in the canonical order. */
export function productDietaryTags(product: Pick<Product, 'tags' | 'vegan' | 'vegetarian'>): DietaryTag[] {
  const tags = new Set<DietaryTag>(product.tags);
  if (product.vegan) tags.add('vegan');
  if (product.vegetarian) tags.add('vegetarian');
  return DIETARY_TAG_ORDER.filter((tag) => tags.has(tag));
}
