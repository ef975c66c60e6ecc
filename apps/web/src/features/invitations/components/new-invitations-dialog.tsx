import { lazy, Suspense, useState } from 'react';
import { hasNewInvitations } from '@/features/invitations/invitation-state';

const NewInvitationsModal = lazy(() =>
  import('./new-invitations-modal').then((module) => ({ default: module.NewInvitationsModal })),
);

/**
 * A modal when the number of pending invitations grows while the page is open
 * (docs/product.md#invitation-states); the main layout shows it on every page. The modal's code
 * loads the first time it opens.
 */
export function NewInvitationsDialog({ pending }: { pending: number | undefined }) {
  const [seen, setSeen] = useState<number | null>(null);
  const [isOpen, setOpen] = useState(false);
  if (pending !== undefined && pending !== seen) {
    if (hasNewInvitations(seen, pending)) setOpen(true);
    setSeen(pending);
  }
  if (!isOpen) return null;
  return (
    <Suspense fallback={null}>
      <NewInvitationsModal count={pending ?? 0} onClose={() => setOpen(false)} />
    </Suspense>
  );
}
