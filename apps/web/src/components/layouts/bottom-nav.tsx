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

/**
 * The main layout's footer: the diner's sections, one tap away (the profile is the header's
 * account link). `pendingInvitations` above 0: a badge on the Invitations tab.
 */
export function BottomNav({ pendingInvitations }: { pendingInvitations?: number | undefined } = {}) {
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
                <span className="relative">
                  <Icon size={24} />
                  {labelId === 'nav.invitations' && pendingInvitations ? (
                    <span
                      aria-hidden="true"
                      data-testid="invitations-badge"
                      className="absolute -top-1.5 -right-2.5 min-w-5 rounded-full bg-brand-700 px-1 text-center text-xs leading-5 font-bold text-white"
                    >
                      {pendingInvitations > 99 ? '99+' : pendingInvitations}
                    </span>
                  ) : null}
                </span>
                <span>{t(labelId)}</span>
                {labelId === 'nav.invitations' && pendingInvitations ? (
                  <span className="sr-only">
                    {t('nav.invitationsPending', { count: pendingInvitations })}
                  </span>
                ) : null}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </footer>
  );
}
