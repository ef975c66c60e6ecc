import type { Reservation } from '@comensal/contracts';
import { Avatar } from '@/components/ui/avatar';
import { fileUrl } from '@/lib/api-client';
import { useT } from '@/lib/i18n';

/** The members of a reservation, with their pictures; the creator is marked. */
export function MemberList({ reservation }: { reservation: Reservation }) {
  const t = useT();
  return (
    <section aria-labelledby="members-title" className="flex flex-col gap-3">
      <h2 id="members-title" className="text-xl font-bold">
        {t('reservation.members.title', { count: reservation.users.length })}
      </h2>
      <ul className="flex flex-col gap-2" data-testid="reservation-members">
        {reservation.users.map((member) => (
          <li key={member.id} className="flex items-center gap-3 rounded-xl border border-line bg-white p-3">
            <Avatar name={member.displayName} src={member.photoURL ? fileUrl(member.photoURL) : null} />
            <span className="font-semibold">{member.displayName}</span>
            {member.isCreator ? (
              <span className="ms-auto rounded-full bg-brand-100 px-3 py-0.5 text-sm font-semibold text-brand-900">
                {t('reservation.members.creator')}
              </span>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
