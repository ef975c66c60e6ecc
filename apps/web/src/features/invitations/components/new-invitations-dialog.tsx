import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { href } from '@/config/paths';
import { useT } from '@/lib/i18n';
import { hasNewInvitations } from '@/features/invitations/invitation-state';

/**
 * A modal when the number of pending invitations grows while the page is open
 * (docs/product.md#invitation-states); the main layout shows it on every page.
 */
export function NewInvitationsDialog({ pending }: { pending: number | undefined }) {
  const t = useT();
  const [seen, setSeen] = useState<number | null>(null);
  const [isOpen, setOpen] = useState(false);
  if (pending !== undefined && pending !== seen) {
    if (hasNewInvitations(seen, pending)) setOpen(true);
    setSeen(pending);
  }
  return (
    <Dialog.Root open={isOpen} onOpenChange={setOpen}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 flex w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 flex-col gap-4 rounded-2xl bg-white p-6 shadow-xl">
          <Dialog.Title className="text-xl font-bold">{t('invitation.modal.title')}</Dialog.Title>
          <Dialog.Description>{t('invitation.modal.text', { count: pending ?? 0 })}</Dialog.Description>
          <div className="flex flex-wrap justify-end gap-2">
            <Dialog.Close asChild>
              <Button variant="secondary">{t('invitation.modal.close')}</Button>
            </Dialog.Close>
            <Dialog.Close asChild>
              <Link to={href('invitations.current')} className={buttonClasses()}>
                {t('invitation.modal.open')}
              </Link>
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
