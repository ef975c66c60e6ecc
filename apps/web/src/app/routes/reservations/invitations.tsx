import { InvitationsPage } from '@/features/invitations/components/invitations-page';
import { useLeafHandle } from '@/app/route-handle';

/** `/invitations/current` and `/invitations/historial`: the type comes from the matched route. */
export function Component() {
  const name = useLeafHandle()?.name;
  return <InvitationsPage key={name} type={name === 'invitations.historial' ? 'historial' : 'current'} />;
}
