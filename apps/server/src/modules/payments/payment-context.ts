/**
 * What the payment use cases receive beyond the request context: the Webpay adapter (`app.webpay`,
 * src/payments/webpay) and the private side of the file storage, where Pago Móvil receipts go.
 * routes.ts makes it.
 */
import type { RequestContext } from '../../lib/context.ts';
import type { WebpayClient } from '../../payments/webpay/client.ts';
import type { FileStorage } from '../../storage/file-storage.ts';

/** Files no URL serves: a route that checked the caller reads them. */
export type ReceiptFiles = Pick<FileStorage, 'putPrivate' | 'getPrivate' | 'deletePrivate'>;

export interface PaymentContext extends RequestContext {
  webpay: WebpayClient;
  files: ReceiptFiles;
}
