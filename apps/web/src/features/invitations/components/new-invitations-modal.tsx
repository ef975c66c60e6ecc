import * as Dialog from '@radix-ui/react-dialog';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { href } from '@/config/paths';
import { useT } from '@/lib/i18n';

/**
 * The modal itself: loaded only when an invitation arrives (the dialog library stays out of every
 * page's first load).
 */
export function NewInvitationsModal({ count, onClose }: { count: number; onClose: () => void }) {
  const t = useT();
  return (
    <Dialog.Root
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 flex w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 flex-col gap-4 rounded-2xl bg-white p-6 shadow-xl">
          <Dialog.Title className="text-xl font-bold">{t('invitation.modal.title')}</Dialog.Title>
          <Dialog.Description>{t('invitation.modal.text', { count })}</Dialog.Description>
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
