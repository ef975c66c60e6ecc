import type { CurrencyCode } from '@comensal/domain';
import * as Dialog from '@radix-ui/react-dialog';
import type { RefObject } from 'react';
import { Button } from '@/components/ui/button';
import { useT } from '@/lib/i18n';
import type { MenuFilters } from '@/features/menu/menu-filters';
import { MenuFilterForm } from './menu-filter-form';

/**
 * The filter sheet's dialog (`MenuFilterSheet` loads it on the first tap): focus kept inside,
 * Escape closes, focus back on the sheet's button; the last button says how many dishes are left.
 */
export function MenuFilterDialog({
  isOpen,
  onOpenChange,
  returnFocusTo,
  filters,
  onChange,
  currency,
  dishCount,
}: {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: RefObject<HTMLButtonElement | null>;
  filters: MenuFilters;
  onChange: (update: (filters: MenuFilters) => MenuFilters) => void;
  currency: CurrencyCode;
  dishCount: number | null;
}) {
  const t = useT();
  return (
    <Dialog.Root open={isOpen} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content
          className="fixed inset-x-0 bottom-0 z-50 flex max-h-[92dvh] flex-col overflow-y-auto rounded-t-2xl bg-white shadow-xl sm:top-1/2 sm:bottom-auto sm:left-1/2 sm:w-full sm:max-w-xl sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
        >
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
    </Dialog.Root>
  );
}
