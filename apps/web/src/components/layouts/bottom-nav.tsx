import { type ComponentType, useState } from 'react';
import { NavLink } from 'react-router';
import { href } from '@/config/paths';
import { type MessageId, useT } from '@/lib/i18n';
import { BOTTOM_NAV_HEIGHT_VAR, useToastClearance } from '@/lib/toast';
import { IconCalendar, IconHeart, IconHome, IconMail } from '@/components/ui/icons';

const ITEMS: ReadonlyArray<{
  to: string;
  labelId: MessageId;
  Icon: ComponentType<{ size?: number }>;
  end?: boolean;
}> = [
  { to: href('home'), labelId: 'nav.home', Icon: IconHome, end: true },
  { to: href('reservations'), labelId: 'nav.reservations', Icon: IconCalendar },
  { to: href('invitations'), labelId: 'nav.invitations', Icon: IconMail },
  { to: href('favorites'), labelId: 'nav.favorites', Icon: IconHeart },
];

/** The main layout's footer: the diner's sections, one tap away (the profile is the header's account link). */
export function BottomNav() {
  const t = useT();
  const [footer, setFooter] = useState<HTMLElement | null>(null);
  // the toasts rise above the navigation, however tall it is (safe area, zoom)
  useToastClearance(footer, BOTTOM_NAV_HEIGHT_VAR);
  return (
    <footer
      ref={setFooter}
      className="sticky bottom-0 z-20 border-t border-line bg-white pb-[env(safe-area-inset-bottom)]"
    >
      <nav aria-label={t('nav.main')} className="mx-auto max-w-5xl">
        <ul className="grid grid-cols-4">
          {ITEMS.map(({ to, labelId, Icon, end }) => (
            <li key={to}>
              <NavLink
                to={to}
                end={end ?? false}
                className="flex min-h-16 flex-col items-center justify-center gap-0.5 px-1 text-xs font-semibold text-ink-muted hover:text-brand-800 aria-[current=page]:text-brand-800 sm:text-sm"
              >
                <Icon size={24} />
                <span>{t(labelId)}</span>
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </footer>
  );
}
