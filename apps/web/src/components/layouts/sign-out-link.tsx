import * as Dialog from '@radix-ui/react-dialog';
import { Link } from 'react-router';
import { Button, type ButtonStyle, buttonClasses } from '@/components/ui/button';
import { href } from '@/config/paths';
import { type MessageId, useT } from '@/lib/i18n';

const LOST: readonly MessageId[] = [
  'auth.signOut.guest.lost.reservations',
  'auth.signOut.guest.lost.orders',
  'auth.signOut.guest.lost.favorites',
  'auth.signOut.guest.lost.points',
];

/**
 * "Sign out". A guest's session holds everything they did, and nothing can bring it back once
 * it ends: for a guest the button first says what would be lost and offers to create an account
 * (or sign in) instead, which moves it all across as signing in always does (docs/product.md#sign-in-state).
 */
export function SignOutLink({
  isGuest,
  label,
  style,
  returnTo,
}: {
  isGuest: boolean;
  label: string;
  style: ButtonStyle;
  /** Where creating an account or signing in from the warning comes back to. */
  returnTo: string;
}) {
  const t = useT();
  if (!isGuest) {
    return (
      <Link to={href('auth.logout')} className={buttonClasses(style)}>
        {label}
      </Link>
    );
  }
  const back = { redirect: returnTo };
  return (
    <Dialog.Root>
      <Dialog.Trigger asChild>
        <Button {...style}>{label}</Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 flex max-h-[92dvh] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 flex-col gap-4 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl">
          <Dialog.Title className="text-xl font-bold">{t('auth.signOut.guest.title')}</Dialog.Title>
          <Dialog.Description>{t('auth.signOut.guest.description')}</Dialog.Description>
          <ul className="list-disc pl-6">
            {LOST.map((id) => (
              <li key={id}>{t(id)}</li>
            ))}
          </ul>
          <p className="font-semibold">{t('auth.signOut.guest.keep')}</p>
          <div className="flex flex-col gap-2">
            <Link to={href('auth.register', null, back)} className={buttonClasses({ block: true })}>
              {t('auth.signOut.guest.register')}
            </Link>
            <Link
              to={href('auth.login', null, back)}
              className={buttonClasses({ variant: 'secondary', block: true })}
            >
              {t('auth.signOut.guest.signIn')}
            </Link>
            <Dialog.Close asChild>
              <Button variant="ghost" block>
                {t('auth.signOut.guest.stay')}
              </Button>
            </Dialog.Close>
            <Link to={href('auth.logout')} className={buttonClasses({ variant: 'ghost', block: true })}>
              {t('auth.signOut.guest.confirm')}
            </Link>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
