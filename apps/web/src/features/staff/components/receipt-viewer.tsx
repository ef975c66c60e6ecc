import type { StaffTransaction } from '@comensal/contracts';
import { fileUrl } from '@/lib/api-client';
import { useT } from '@/lib/i18n';

/** The Pago Móvil receipt in place: a picture inline, a PDF in the browser's viewer; either way a link to open or download it. */
export function ReceiptViewer({
  receipt,
  label,
}: {
  receipt: NonNullable<StaffTransaction['receipt']>;
  label: string;
}) {
  const t = useT();
  const url = fileUrl(receipt.url);
  return (
    <figure className="flex flex-col gap-2">
      {receipt.mediaType === 'application/pdf' ? (
        <object
          data={url}
          type="application/pdf"
          aria-label={label}
          className="h-96 w-full rounded-xl border border-line"
        >
          <p className="p-3">{t('staff.payments.pdfFallback')}</p>
        </object>
      ) : (
        <img src={url} alt={label} className="max-h-96 w-full rounded-xl border border-line object-contain" />
      )}
      <figcaption>
        <a
          href={url}
          download
          target="_blank"
          rel="noreferrer"
          className="font-semibold text-brand-800 underline"
        >
          {t('staff.payments.download')}
          <span className="sr-only"> {t('common.opensInNewTab')}</span>
        </a>
      </figcaption>
    </figure>
  );
}
