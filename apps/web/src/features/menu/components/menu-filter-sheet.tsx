import type { CurrencyCode } from '@comensal/domain';
import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { IconSliders } from '@/components/ui/icons';
import { useT } from '@/lib/i18n';
import { countMenuFilters, type MenuFilters } from '@/features/menu/menu-filters';
import { MenuFilterForm } from './menu-filter-form';

/**
 * The menu's filter behind one button, so a phone shows the dishes first
 * (docs/decisions/0027-phone-layouts.md). The button says how many filters are on; the sheet
 * is a dialog (focus kept inside, Escape closes, focus back on the button) whose last button
 * closes it and says how many dishes the filters leave.
 */
export function MenuFilterSheet({
  filters,
  onChange,
  currency,
  dishCount,
}: {
  filters: MenuFilters;
  onChange: (update: (filters: MenuFilters) => MenuFilters) => void;
  /** Null while the menu loads: the button holds its place, disabled. */
  currency: CurrencyCode | null;
  /** Dishes the current filters leave, once known. */
  dishCount: number | null;
}) {
  const t = useT();
  const [isOpen, setIsOpen] = useState(false);
  const count = countMenuFilters(filters);
  return (
    <Dialog.Root open={isOpen && currency !== null} onOpenChange={setIsOpen}>
      <Dialog.Trigger asChild>
        <Button variant="secondary" className="self-start" disabled={currency === null}>
          <IconSliders />
          {t('menu.filters.open', { count })}
        </Button>
      </Dialog.Trigger>
      {currency ? (
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
          <Dialog.Content className="fixed inset-x-0 bottom-0 z-50 flex max-h-[92dvh] flex-col overflow-y-auto rounded-t-2xl bg-white shadow-xl sm:top-1/2 sm:bottom-auto sm:left-1/2 sm:w-full sm:max-w-xl sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl">
            <div className="flex flex-wrap items-center justify-between gap-2 border-b border-line px-4 py-3">
              <Dialog.Title className="text-xl font-bold">{t('menu.filters.title')}</Dialog.Title>
              <Dialog.Close asChild>
                <Button variant="ghost">{t('menu.filters.close')}</Button>
              </Dialog.Close>
            </div>
            <Dialog.Description className="sr-only">{t('menu.filters.description')}</Dialog.Description>
            <div className="px-4 py-4">
              <MenuFilterForm filters={filters} onChange={onChange} currency={currency} />
            </div>
            <div className="border-t border-line px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))]">
              <Dialog.Close asChild>
                <Button block size="lg">
                  {dishCount === null
                    ? t('menu.filters.showDishes')
                    : t('menu.filters.show', { count: dishCount })}
                </Button>
              </Dialog.Close>
            </div>
          </Dialog.Content>
        </Dialog.Portal>
      ) : null}
    </Dialog.Root>
  );
}
