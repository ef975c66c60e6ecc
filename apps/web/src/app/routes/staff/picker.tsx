import { Link } from 'react-router';
import { href } from '@/config/paths';
import { useT } from '@/lib/i18n';
import { useStaffContext } from '@/features/staff/staff-context';

/** `staff`: the restaurants the caller works at; one tap opens its board. */
export function Component() {
  const t = useT();
  const { restaurants } = useStaffContext();
  return (
    <section aria-labelledby="staff-picker" className="mx-auto flex w-full max-w-2xl flex-col gap-4">
      <h1 id="staff-picker" className="text-2xl font-bold">
        {t('staff.picker.title')}
      </h1>
      <ul className="flex flex-col gap-3">
        {restaurants.map((restaurant) => (
          <li key={restaurant.id}>
            <Link
              to={href('staff.board', { restaurantId: restaurant.id })}
              className="flex min-h-16 items-center justify-between gap-3 rounded-2xl border border-line bg-white p-4 hover:border-brand-700"
            >
              <span className="text-lg font-semibold">{restaurant.name}</span>
              <span className="rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-800">
                {t(restaurant.role === 'owner' ? 'staff.role.owner' : 'staff.role.staff')}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
