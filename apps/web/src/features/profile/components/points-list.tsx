import type { RestaurantPoints } from '@comensal/contracts';
import { Link } from 'react-router';
import { href } from '@/config/paths';
import { useT } from '@/lib/i18n';
import { ProfileCard } from './profile-card';

/** The diner's points at each restaurant, or a word on how to earn them. */
export function PointsList({ points }: { points: readonly RestaurantPoints[] }) {
  const t = useT();
  return (
    <ProfileCard title={t('profile.points.title')}>
      {points.length === 0 ? (
        <p className="text-ink-muted">{t('profile.points.empty')}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-line">
          {points.map((entry) => (
            <li
              key={entry.restaurantId}
              className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-3"
            >
              <Link
                to={href('restaurant.profile', { restaurantId: entry.restaurantId })}
                className="font-semibold text-brand-800 underline underline-offset-4"
              >
                {entry.restaurantName}
              </Link>
              <span className="font-semibold">{t('profile.points.balance', { balance: entry.balance })}</span>
            </li>
          ))}
        </ul>
      )}
    </ProfileCard>
  );
}
