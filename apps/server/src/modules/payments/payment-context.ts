/**
 * What the payment use cases receive beyond the request context: the Webpay adapter (`app.webpay`,
 * src/payments/webpay) and the private files where Pago Móvil receipts go. routes.ts makes it.
 */
import type { Readable } from 'node:stream';
import type { RequestContext } from '../../lib/context.ts';
import type { WebpayClient } from '../../payments/webpay/client.ts';

/** A private file as read back (bytes, media type, size). */
export interface ReceiptFile {
  body: Readable;
  contentType: string;
  size: number;
}

/** Files no URL serves: a route that checked the caller reads them (the storage's private side). */
export interface ReceiptFiles {
  putPrivate(key: string, data: Uint8Array, options: { contentType: string }): Promise<{ key: string }>;
  getPrivate(key: string): Promise<ReceiptFile | null>;
  deletePrivate(key: string): Promise<void>;
}

export interface PaymentContext extends RequestContext {
  webpay: WebpayClient;
  files: ReceiptFiles;
}
