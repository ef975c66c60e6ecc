import { useT } from '@/lib/i18n';

/** Tells a guest that signing in or creating an account keeps what they did as a guest. */
export function GuestMoveNotice({ guestName }: { guestName: string }) {
  const t = useT();
  return (
    <p className="rounded-2xl border border-brand-200 bg-brand-50 px-4 py-3">
      {t('auth.guestNotice', { name: guestName })}
    </p>
  );
}
