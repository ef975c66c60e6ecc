import type { StaffTransaction } from '@comensal/contracts';
import { buttonClasses } from '@/components/ui/button';
import { fileUrl } from '@/lib/api-client';
import { useT } from '@/lib/i18n';

/**
 * The Pago Móvil receipt in place: a picture inline; a PDF opens in the browser's own viewer in a
 * new tab (the app's Content-Security-Policy forbids embedded objects and frames: `object-src` and
 * `frame-src` are `'none'`). Either way a link downloads it.
 */
export function ReceiptViewer({
  receipt,
  label,
}: {
  receipt: NonNullable<StaffTransaction['receipt']>;
  label: string;
}) {
  const t = useT();
  const url = fileUrl(receipt.url);
  const isPdf = receipt.mediaType === 'application/pdf';
  return (
    <figure className="flex flex-col gap-2">
      {isPdf ? (
        <a
          href={url}
          target="_blank"
          rel="noreferrer"
          className={`${buttonClasses({ variant: 'secondary' })} self-start`}
        >
          {t('staff.payments.openPdf')}
          <span className="sr-only"> {t('common.opensInNewTab')}</span>
        </a>
      ) : (
        <img src={url} alt={label} className="max-h-96 w-full rounded-xl border border-line object-contain" />
      )}
      <figcaption>
        <a href={url} download className="font-semibold text-brand-800 underline">
          {t('staff.payments.download')}
        </a>
      </figcaption>
    </figure>
  );
}
