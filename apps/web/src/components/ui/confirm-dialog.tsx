import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode, RefObject } from 'react';
import { Button } from '@/components/ui/button';
import { useT } from '@/lib/i18n';

interface Question {
  title: string;
  description: string;
  confirmLabel: string;
  onConfirm: () => void;
  isPending?: boolean;
}

/** "Are you sure?" (Radix dialog: focus trapped, Escape closes, focus goes back to the trigger). */
export function ConfirmDialog({ trigger, ...question }: Question & { trigger: ReactNode }) {
  return (
    <Dialog.Root>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <ConfirmContent {...question} />
    </Dialog.Root>
  );
}

/**
 * The same question, open while it is mounted: for a page that loads the dialog's code only when
 * the diner asks (`lazy`), with a button of its own that opens it (`aria-haspopup="dialog"`).
 * `onClose` after either answer or Escape; focus then goes back to `returnFocusTo`.
 */
export function OpenConfirmDialog({
  onClose,
  returnFocusTo,
  ...question
}: Question & { onClose: () => void; returnFocusTo: RefObject<HTMLElement | null> }) {
  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <ConfirmContent
        {...question}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
      />
    </Dialog.Root>
  );
}

function ConfirmContent({
  title,
  description,
  confirmLabel,
  onConfirm,
  isPending = false,
  onCloseAutoFocus,
}: Question & { onCloseAutoFocus?: (event: Event) => void }) {
  const t = useT();
  return (
    <Dialog.Portal>
      <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
      <Dialog.Content
        className="fixed top-1/2 left-1/2 z-50 flex w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 flex-col gap-4 rounded-2xl bg-white p-6 shadow-xl"
        onCloseAutoFocus={onCloseAutoFocus}
      >
        <Dialog.Title className="text-xl font-bold">{title}</Dialog.Title>
        <Dialog.Description>{description}</Dialog.Description>
        <div className="flex flex-wrap justify-end gap-2">
          <Dialog.Close asChild>
            <Button variant="secondary">{t('common.back')}</Button>
          </Dialog.Close>
          <Dialog.Close asChild>
            <Button onClick={onConfirm} disabled={isPending}>
              {confirmLabel}
            </Button>
          </Dialog.Close>
        </div>
      </Dialog.Content>
    </Dialog.Portal>
  );
}
