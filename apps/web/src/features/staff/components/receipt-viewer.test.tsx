import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider, loadMessages, type SupportedLocale } from '@/lib/i18n';
import { apiError, mockApi, seenRequests } from '@/testing/fetch-mock';
import { MAX_PDF_PAGES, ReceiptViewer } from './receipt-viewer';

// pdf.js itself is replaced at its module boundary (jsdom draws nothing); the e2e test
// (e2e/staff.spec.ts) draws a real PDF with the real library in a browser.
const pdfjs = vi.hoisted(() => ({
  workerSrc: '',
  opened: [] as Array<{ data: Uint8Array; options: Record<string, unknown> }>,
  rendered: [] as Array<{ page: number; width: number; height: number }>,
  destroyed: 0,
  pages: 2,
  failRender: false,
}));

vi.mock('pdfjs-dist', () => ({
  GlobalWorkerOptions: {
    set workerSrc(value: string) {
      pdfjs.workerSrc = value;
    },
  },
  getDocument: ({ data, ...options }: { data: Uint8Array } & Record<string, unknown>) => {
    pdfjs.opened.push({ data, options });
    const isPdf = new TextDecoder().decode(data.subarray(0, 5)) === '%PDF-';
    return {
      promise: isPdf
        ? Promise.resolve({
            numPages: pdfjs.pages,
            getPage: async (page: number) => ({
              // an A4 page: 595 × 842 points
              getViewport: ({ scale }: { scale: number }) => ({ width: 595 * scale, height: 842 * scale }),
              render: ({ canvas }: { canvas: HTMLCanvasElement }) => ({
                promise: pdfjs.failRender
                  ? Promise.reject(new Error('broken page'))
                  : Promise.resolve().then(() => {
                      pdfjs.rendered.push({ page, width: canvas.width, height: canvas.height });
                    }),
                cancel: () => undefined,
              }),
            }),
          })
        : Promise.reject(new Error('Invalid PDF structure')),
      destroy: async () => {
        pdfjs.destroyed += 1;
      },
    };
  },
}));

const PDF = '%PDF-1.7\n% a receipt\n';
const RECEIPT = { url: '/api/transactions/t1/receipt', mediaType: 'application/pdf' as const };

async function renderViewer(
  locale: SupportedLocale,
  receipt: typeof RECEIPT | { url: string; mediaType: 'image/jpeg' } = RECEIPT,
) {
  const messages = await loadMessages(locale);
  return render(
    <I18nProvider locale={locale} messages={messages}>
      <ReceiptViewer
        receipt={receipt}
        label={locale === 'es-ES' ? 'Comprobante de Ana' : 'Receipt from Ana'}
      />
    </I18nProvider>,
  );
}

beforeEach(() => {
  pdfjs.opened = [];
  pdfjs.rendered = [];
  pdfjs.destroyed = 0;
  pdfjs.pages = 2;
  pdfjs.failRender = false;
});

describe('the receipt viewer (staff console)', () => {
  it('draws every page of a PDF on a named canvas, from the bytes fetched with the session', async () => {
    mockApi({
      'GET /api/transactions/:id/receipt': () =>
        new Response(PDF, { headers: { 'Content-Type': 'application/pdf' } }),
    });
    const { unmount } = await renderViewer('en-US');

    expect(screen.getByRole('status').textContent).toBe('Loading the receipt…');
    const first = await screen.findByRole('img', { name: 'Receipt from Ana, page 1 of 2' });
    expect(first.tagName).toBe('CANVAS');
    expect(screen.getByRole('img', { name: 'Receipt from Ana, page 2 of 2' }).tagName).toBe('CANVAS');
    await vi.waitFor(() => expect(pdfjs.rendered.map((page) => page.page).sort()).toEqual([1, 2]));
    expect(screen.queryByRole('status')).toBeNull();

    // the bytes as the server sent them, no WebAssembly, the worker from this origin
    expect(seenRequests).toContain('GET /api/transactions/t1/receipt');
    expect(new TextDecoder().decode(pdfjs.opened[0]!.data)).toBe(PDF);
    expect(pdfjs.opened[0]!.options).toMatchObject({ useWasm: false, enableXfa: false });
    expect(pdfjs.workerSrc).toMatch(/pdf\.worker\.min\.mjs/);
    // drawn at the page's proportions (jsdom has no layout: the fallback width)
    const drawn = pdfjs.rendered[0]!;
    expect(drawn.height / drawn.width).toBeCloseTo(842 / 595, 2);

    // still a link to open it and one to download it
    expect(
      screen
        .getByRole('link', { name: /^View the receipt \(PDF\)\s*\(opens in a new tab\)$/ })
        .getAttribute('href'),
    ).toBe(RECEIPT.url);
    expect(screen.getByRole('link', { name: 'Download the receipt' }).hasAttribute('download')).toBe(true);

    unmount();
    expect(pdfjs.destroyed).toBe(1);
  });

  it(`draws only the first ${MAX_PDF_PAGES} pages of a long PDF and says so`, async () => {
    pdfjs.pages = 5;
    mockApi({ 'GET /api/transactions/:id/receipt': () => new Response(PDF) });
    await renderViewer('es-ES');

    await screen.findByRole('img', { name: 'Comprobante de Ana, página 1 de 5' });
    expect(screen.getAllByRole('img')).toHaveLength(MAX_PDF_PAGES);
    screen.getByText('Se muestran las primeras 3 de 5 páginas; abre el PDF para verlas todas.');
  });

  it.each([
    ['the server refuses the file', () => apiError(404, 'NOT_FOUND')],
    ['the file is not a PDF', () => new Response('not a pdf')],
  ])('says so, in both languages, when %s; the links stay', async (_case, answer) => {
    mockApi({ 'GET /api/transactions/:id/receipt': answer });
    const { unmount } = await renderViewer('es-ES');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'No se puede mostrar el comprobante aquí. Ábrelo en una pestaña nueva o descárgalo para revisarlo.',
    );
    expect(screen.queryByRole('img')).toBeNull();
    screen.getByRole('link', { name: 'Descargar el comprobante' });
    unmount();

    await renderViewer('en-US');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The receipt cannot be shown here. Open it in a new tab or download it to check it.',
    );
    screen.getByRole('link', { name: /View the receipt \(PDF\)/ });
  });

  it('says so when a page cannot be drawn', async () => {
    pdfjs.failRender = true;
    mockApi({ 'GET /api/transactions/:id/receipt': () => new Response(PDF) });
    await renderViewer('en-US');
    expect((await screen.findByRole('alert')).textContent).toMatch(/^The receipt cannot be shown here\./);
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('shows a picture as it is, and never loads pdf.js for it', async () => {
    await renderViewer('en-US', { url: '/api/transactions/t2/receipt', mediaType: 'image/jpeg' });
    expect(screen.getByRole('img', { name: 'Receipt from Ana' }).tagName).toBe('IMG');
    expect(screen.queryByRole('status')).toBeNull();
    expect(pdfjs.opened).toEqual([]);
    expect(seenRequests).toEqual([]);
  });
});
