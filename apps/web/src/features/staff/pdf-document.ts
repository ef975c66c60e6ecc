/**
 * A PDF receipt drawn with Mozilla's pdf.js (pdfjs-dist), for the staff console only: the
 * receipt viewer imports this module on demand (`import('../pdf-document')`), so pdf.js is a
 * chunk of its own that only a staff member looking at a PDF receipt downloads (diners never do).
 *
 * Within the app's Content-Security-Policy (docs/security.md#security-headers), which stays as it
 * is: no `<object>` or `<iframe>` (the pages are drawn on canvases); the worker is a file of this
 * origin (Vite's `?url`; `worker-src` falls back to `script-src 'self'`); no WebAssembly
 * (`useWasm: false`: the policy has no `'wasm-unsafe-eval'`); no eval (pdf.js 6 has no eval path
 * any more, hence no `isEvalSupported` option; the policy forbids eval anyway); no XFA forms, no
 * scripts (pdf.js runs none unless a scripting sandbox is attached, and none is).
 */
import { getDocument, GlobalWorkerOptions } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

GlobalWorkerOptions.workerSrc = workerUrl;

export interface PdfDocument {
  pageCount: number;
  /**
   * Draws page `pageNumber` (1-based) on `canvas`, `cssWidth` CSS pixels wide at the screen's
   * pixel density; resolves when it is drawn. `signal` cancels the drawing.
   */
  renderPage(
    pageNumber: number,
    canvas: HTMLCanvasElement,
    cssWidth: number,
    signal: AbortSignal,
  ): Promise<void>;
  destroy(): Promise<void>;
}

/** Opens a PDF from its bytes (the receipt as fetched with the session). */
export async function openPdf(data: Uint8Array): Promise<PdfDocument> {
  const task = getDocument({ data, useWasm: false, enableXfa: false });
  const pdf = await task.promise;
  return {
    pageCount: pdf.numPages,
    async renderPage(pageNumber, canvas, cssWidth, signal) {
      const page = await pdf.getPage(pageNumber);
      const natural = page.getViewport({ scale: 1 });
      const density = Math.min(globalThis.devicePixelRatio || 1, 3);
      const viewport = page.getViewport({ scale: (cssWidth / natural.width) * density });
      canvas.width = Math.floor(viewport.width);
      canvas.height = Math.floor(viewport.height);
      const render = page.render({ canvas, viewport });
      const cancel = () => render.cancel();
      signal.addEventListener('abort', cancel, { once: true });
      try {
        await render.promise;
      } finally {
        signal.removeEventListener('abort', cancel);
      }
    },
    destroy: () => task.destroy(),
  };
}
