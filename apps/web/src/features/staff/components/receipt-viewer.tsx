import type { StaffTransaction } from '@comensal/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { env } from '@/config/env';
import { fileUrl } from '@/lib/api-client';
import { useT } from '@/lib/i18n';
import type { PdfDocument } from '../pdf-document';

/** The pages of a PDF receipt drawn in place (a bank's receipt is one page; the rest is downloaded). */
export const MAX_PDF_PAGES = 3;
/** The width pages are drawn at when the panel has no measurable width yet (CSS scales them). */
const FALLBACK_WIDTH = 480;

type PdfState =
  { status: 'loading' } | { status: 'error' } | { status: 'ready'; pdf: PdfDocument; width: number };

/** The receipt's bytes, fetched with the session (the API answers it as an attachment). */
async function fetchBytes(url: string, signal: AbortSignal): Promise<Uint8Array> {
  const response = await fetch(url, {
    credentials: env.apiOrigin ? 'include' : 'same-origin',
    signal,
  });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

/** One page on a canvas, scaled to the panel's width, named for screen readers. */
function PdfPage({
  pdf,
  pageNumber,
  width,
  label,
  onError,
}: {
  pdf: PdfDocument;
  pageNumber: number;
  width: number;
  label: string;
  onError: () => void;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    const abort = new AbortController();
    pdf.renderPage(pageNumber, element, width, abort.signal).catch(() => {
      if (!abort.signal.aborted) onError();
    });
    return () => abort.abort();
  }, [pdf, pageNumber, width, onError]);
  return (
    <canvas
      ref={canvas}
      role="img"
      aria-label={label}
      data-page={pageNumber}
      className="h-auto w-full rounded-xl border border-line bg-white"
    />
  );
}

/** A PDF receipt: fetched, opened with pdf.js (loaded only now) and its first pages drawn. */
function PdfReceipt({ url, label }: { url: string; label: string }) {
  const t = useT();
  const box = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<PdfState>({ status: 'loading' });
  const onError = useCallback(() => setState({ status: 'error' }), []);

  useEffect(() => {
    const abort = new AbortController();
    let opened: PdfDocument | null = null;
    (async () => {
      const [bytes, { openPdf }] = await Promise.all([
        fetchBytes(url, abort.signal),
        import('../pdf-document'),
      ]);
      const pdf = await openPdf(bytes);
      if (abort.signal.aborted) {
        void pdf.destroy();
        return;
      }
      opened = pdf;
      const width = Math.round(box.current?.clientWidth ?? 0) || FALLBACK_WIDTH;
      setState({ status: 'ready', pdf, width });
    })().catch(() => {
      if (!abort.signal.aborted) setState({ status: 'error' });
    });
    return () => {
      abort.abort();
      void opened?.destroy();
    };
  }, [url]);

  const count = state.status === 'ready' ? state.pdf.pageCount : 0;
  const shown = Math.min(count, MAX_PDF_PAGES);
  return (
    <div ref={box} className="flex flex-col gap-2">
      {state.status === 'loading' ? (
        <p
          role="status"
          className="flex h-40 items-center justify-center rounded-xl border border-line bg-cream text-ink-muted"
        >
          {t('staff.payments.receiptLoading')}
        </p>
      ) : null}
      {state.status === 'error' ? (
        <p role="alert" className="rounded-xl border-2 border-red-700 bg-red-50 p-3 font-semibold">
          {t('staff.payments.receiptError')}
        </p>
      ) : null}
      {state.status === 'ready'
        ? Array.from({ length: shown }, (_, index) => (
            <PdfPage
              key={index}
              pdf={state.pdf}
              pageNumber={index + 1}
              width={state.width}
              label={t('staff.payments.receiptPage', { label, page: index + 1, count })}
              onError={onError}
            />
          ))
        : null}
      {count > shown ? (
        <p className="text-sm text-ink-muted">{t('staff.payments.receiptMorePages', { shown, count })}</p>
      ) : null}
      <a
        href={url}
        target="_blank"
        rel="noreferrer"
        className="self-start font-semibold text-brand-800 underline"
      >
        {t('staff.payments.openPdf')}
        <span className="sr-only"> {t('common.opensInNewTab')}</span>
      </a>
    </div>
  );
}

/**
 * The Pago Móvil receipt in place: a picture inline; a PDF's first pages drawn on canvases with
 * pdf.js (the app's Content-Security-Policy forbids embedded objects and frames, `object-src` and
 * `frame-src` `'none'`, so the browser's own PDF viewer cannot be embedded), with a link that
 * opens it in a new tab. Either way a link downloads it.
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
  return (
    <figure className="flex flex-col gap-2">
      {receipt.mediaType === 'application/pdf' ? (
        <PdfReceipt url={url} label={label} />
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
