import type { DietaryTag as DietaryTagName } from '@comensal/contracts';
import type { ComponentType } from 'react';
import { type MessageId, useT } from '@/lib/i18n';
import { IconChili, IconCrescent, IconLeaf, IconMilkOff, IconSprout, IconWheatOff } from './icons';

const TAGS: Readonly<
  Record<DietaryTagName, { labelId: MessageId; Icon: ComponentType<{ size?: number }>; classes: string }>
> = {
  vegan: { labelId: 'diet.vegan', Icon: IconLeaf, classes: 'bg-green-50 text-green-900 border-green-700/30' },
  vegetarian: {
    labelId: 'diet.vegetarian',
    Icon: IconSprout,
    classes: 'bg-lime-50 text-lime-900 border-lime-700/30',
  },
  spicy: { labelId: 'diet.spicy', Icon: IconChili, classes: 'bg-red-50 text-red-900 border-red-700/30' },
  gluten_free: {
    labelId: 'diet.gluten_free',
    Icon: IconWheatOff,
    classes: 'bg-saffron-100 text-saffron-800 border-saffron-800/30',
  },
  dairy_free: {
    labelId: 'diet.dairy_free',
    Icon: IconMilkOff,
    classes: 'bg-sky-50 text-sky-900 border-sky-700/30',
  },
  halal: {
    labelId: 'diet.halal',
    Icon: IconCrescent,
    classes: 'bg-teal-50 text-teal-900 border-teal-700/30',
  },
};

/** A dietary tag: icon + text (never colour or icon alone). */
export function DietaryTag({ tag }: { tag: DietaryTagName }) {
  const t = useT();
  const { labelId, Icon, classes } = TAGS[tag];
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 text-sm font-medium ${classes}`}
    >
      <Icon size={16} />
      {t(labelId)}
    </span>
  );
}

export function DietaryTagList({ tags, label }: { tags: readonly DietaryTagName[]; label: string }) {
  if (tags.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label={label}>
      {tags.map((tag) => (
        <li key={tag}>
          <DietaryTag tag={tag} />
        </li>
      ))}
    </ul>
  );
}
