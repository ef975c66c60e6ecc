import { Link } from 'react-router';
import { href } from '@/config/paths';
import { useT } from '@/lib/i18n';

/** Why a dish cannot be added here: the diner's reservations are still loading, or there is none to order for. */
export function OrderingNote({ restaurantId, isLoading }: { restaurantId: string; isLoading: boolean }) {
  const t = useT();
  if (isLoading) return <p>{t('order.note.loading')}</p>;
  return (
    <p>
      {t('order.note.reserve')}{' '}
      <Link
        to={href('restaurant.reservation', { restaurantId })}
        className="font-semibold text-brand-800 underline underline-offset-4"
      >
        {t('order.note.reserveLink')}
      </Link>
    </p>
  );
}
