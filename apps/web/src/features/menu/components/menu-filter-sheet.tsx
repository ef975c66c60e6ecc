import type { CurrencyCode } from '@comensal/domain';
import { lazy, Suspense, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { IconSliders } from '@/components/ui/icons';
import { useT } from '@/lib/i18n';
import { countMenuFilters, type MenuFilters } from '@/features/menu/menu-filters';

// The dialog and its form load on the first tap: the menu's first screen is the dishes.
const MenuFilterDialog = lazy(() =>
  import('./menu-filter-dialog').then((module) => ({ default: module.MenuFilterDialog })),
);

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
  const [wasOpened, setWasOpened] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const count = countMenuFilters(filters);
  return (
    <>
      <Button
        ref={button}
        variant="secondary"
        className="self-start"
        disabled={currency === null}
        aria-haspopup="dialog"
        aria-expanded={isOpen}
        onClick={() => {
          setWasOpened(true);
          setIsOpen(true);
        }}
      >
        <IconSliders />
        {t('menu.filters.open', { count })}
      </Button>
      {currency && wasOpened ? (
        <Suspense fallback={null}>
          <MenuFilterDialog
            isOpen={isOpen}
            onOpenChange={setIsOpen}
            returnFocusTo={button}
            filters={filters}
            onChange={onChange}
            currency={currency}
            dishCount={dishCount}
          />
        </Suspense>
      ) : null}
    </>
  );
}
