import * as Dialog from '@radix-ui/react-dialog';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { href } from '@/config/paths';
import { fileUrl } from '@/lib/api-client';
import { type ErrorTable, fromErrorTable } from '@/lib/api-errors';
import { type MessageId, useT } from '@/lib/i18n';
import { EXPORT_PATH, useDeleteMyAccount } from '@/features/profile/api/my-data';

const GONE: readonly MessageId[] = [
  'profile.delete.gone.account',
  'profile.delete.gone.personal',
  'profile.delete.gone.upcoming',
];

const GENERIC: MessageId = 'profile.delete.error.generic';

/** A refused deletion → what the diner reads (nothing was changed in any case). */
const DELETE_ERRORS: ErrorTable<MessageId> = {
  VALIDATION_FAILED: GENERIC,
  NOT_FOUND: GENERIC,
  UNAUTHENTICATED: 'profile.error.signedOut',
  FORBIDDEN: GENERIC,
  RATE_LIMITED: 'profile.error.rateLimited',
  CONFLICT: GENERIC,
  TABLE_TAKEN: GENERIC,
  DELIVERY_OUT_OF_RANGE: GENERIC,
  RESERVATION_CLOSED: GENERIC,
  CREATOR_CANNOT_LEAVE: GENERIC,
  ALREADY_INVITED: GENERIC,
  ALREADY_MEMBER: GENERIC,
  INVITATION_ANSWERED: GENERIC,
  JOIN_REQUEST_ANSWERED: GENERIC,
  PRODUCT_UNAVAILABLE: GENERIC,
  OUT_OF_STOCK: GENERIC,
  NOT_ENOUGH_POINTS: GENERIC,
  POINTS_NOT_ACCEPTED: GENERIC,
  ORDER_PAID: GENERIC,
  NOTHING_DUE: GENERIC,
  ORDER_ALREADY_PAID: GENERIC,
  PAYMENT_TYPE_NOT_OFFERED: GENERIC,
  PENDING_PAYMENT_CLOSED: GENERIC,
  TRANSFER_DUPLICATE: GENERIC,
  PAYMENT_PROVIDER_UNAVAILABLE: GENERIC,
  IDEMPOTENCY_KEY_IN_USE: GENERIC,
  IDEMPOTENCY_KEY_REUSED: GENERIC,
  REQUEST_TIMEOUT: GENERIC,
  BOOKING_TOO_FAR_AHEAD: GENERIC,
  PARTY_TOO_LARGE: GENERIC,
  RESERVATION_LIMIT: GENERIC,
  RESERVATION_OVERLAP: GENERIC,
  EMAIL_NOT_VERIFIED: GENERIC,
  INVITATION_DAILY_LIMIT: GENERIC,
  SHARE_LINK_OFF: GENERIC,
  RESERVATION_FULL: GENERIC,
  ASSISTANCE_NOT_YET: GENERIC,
  DISPLAY_NAME_INVALID: GENERIC,
  PAYLOAD_TOO_LARGE: GENERIC,
  URI_TOO_LONG: GENERIC,
  UNSUPPORTED_MEDIA_TYPE: GENERIC,
  HEADERS_TOO_LARGE: GENERIC,
  CONFIRMATION_MISMATCH: 'profile.delete.error.mismatch',
  LAST_OWNER: 'profile.delete.error.lastOwner',
  INTERNAL: GENERIC,
  NETWORK_ERROR: 'profile.delete.error.offline',
  INVALID_RESPONSE: GENERIC,
  HTTP_ERROR: GENERIC,
};

/** What the diner reads when the deletion was refused. */
export function deleteErrorMessage(error: unknown): MessageId {
  return fromErrorTable(DELETE_ERRORS, error, GENERIC);
}

/**
 * "My data": download everything we hold (a link: the server answers it as a file), read the
 * privacy page, or delete the account — two taps: the button opens a dialog that says what goes
 * and what stays in the restaurants' books, and its confirm button deletes.
 */
export function MyDataCard({ email, onDeleted }: { email: string; onDeleted: () => void }) {
  const t = useT();
  const deletion = useDeleteMyAccount(onDeleted);
  return (
    <section
      aria-labelledby="my-data-title"
      className="flex flex-col gap-3 rounded-2xl bg-white p-5 shadow-sm"
    >
      <h2 id="my-data-title" className="text-xl font-bold">
        {t('profile.data.title')}
      </h2>
      <p>{t('profile.data.intro')}</p>
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        <a
          href={fileUrl(EXPORT_PATH)}
          download
          className={buttonClasses({ variant: 'secondary', size: 'lg' })}
        >
          {t('profile.data.download')}
        </a>
        <Link to={href('privacy')} className={buttonClasses({ variant: 'ghost', size: 'lg' })}>
          {t('profile.data.privacy')}
        </Link>
      </div>
      <Dialog.Root onOpenChange={(open) => (open ? deletion.reset() : undefined)}>
        <Dialog.Trigger asChild>
          <Button variant="secondary" size="lg" className="self-start">
            {t('profile.delete.open')}
          </Button>
        </Dialog.Trigger>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
          <Dialog.Content className="fixed top-1/2 left-1/2 z-50 flex max-h-[92dvh] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 flex-col gap-4 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl">
            <Dialog.Title className="text-xl font-bold">{t('profile.delete.title')}</Dialog.Title>
            <Dialog.Description>{t('profile.delete.description')}</Dialog.Description>
            <div>
              <p className="font-semibold">{t('profile.delete.gone.title')}</p>
              <ul className="list-disc pl-6">
                {GONE.map((id) => (
                  <li key={id}>{t(id)}</li>
                ))}
              </ul>
            </div>
            <div>
              <p className="font-semibold">{t('profile.delete.stays.title')}</p>
              <p>{t('profile.delete.stays.books')}</p>
            </div>
            <p className="text-sm text-ink-muted">{t('profile.delete.hint')}</p>
            {deletion.isError ? (
              <p role="alert" className="font-semibold text-red-700">
                {t(deleteErrorMessage(deletion.error))}
              </p>
            ) : null}
            <div className="flex flex-col gap-2">
              <Button block disabled={deletion.isPending} onClick={() => deletion.mutate(email)}>
                {deletion.isPending ? t('profile.delete.pending') : t('profile.delete.confirm')}
              </Button>
              <Dialog.Close asChild>
                <Button variant="secondary" block>
                  {t('profile.delete.keep')}
                </Button>
              </Dialog.Close>
            </div>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </section>
  );
}
