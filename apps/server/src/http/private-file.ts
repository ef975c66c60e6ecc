/**
 * Answers a private file (storage `getPrivate`) to a caller the route has already checked, so
 * that the browser never runs or renders it in the app's origin:
 *
 *   const file = await storage.getPrivate(key);
 *   if (!file) throw AppError.notFound('Receipt');
 *   return sendPrivateFile(reply, file, `receipt-${id}.pdf`);
 *
 * - `Content-Disposition: attachment` with a safe name: downloaded, never shown inline;
 * - the stored type and `X-Content-Type-Options: nosniff`: never guessed as HTML or script;
 * - `Content-Security-Policy: sandbox; default-src 'none'`: opened anyway, it has no origin, no
 *   script, no plugin and loads nothing;
 * - `Cross-Origin-Resource-Policy: same-origin`: another site cannot embed it with the
 *   caller's cookies;
 * - `Cache-Control: private, no-store`: no shared cache, nothing kept on disk.
 */
import type { FastifyReply } from 'fastify';
import type { PrivateFile } from '../storage/file-storage.ts';

const MAX_FILENAME = 100;

/**
 * `attachment; filename="…"; filename*=UTF-8''…` for `filename`: an ASCII fallback of safe
 * characters, and the name itself percent-encoded (RFC 6266 / RFC 8187). Path separators,
 * quotes and control characters never get through.
 */
export function attachmentDisposition(filename: string): string {
  const cleaned = filename
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex -- control characters are what is removed
    .replace(/[\u0000-\u001f\u007f-\u009f/\\"]/g, '_')
    .replace(/^[.\s]+|\s+$/g, '');
  const extension = /\.[A-Za-z0-9]{1,10}$/.exec(cleaned)?.[0] ?? '';
  const name =
    cleaned.length <= MAX_FILENAME
      ? cleaned || 'file'
      : cleaned.slice(0, MAX_FILENAME - extension.length) + extension;
  const ascii = name.replace(/[^A-Za-z0-9._ ()-]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** Sends `file` as a download named `filename`, with the headers above. */
export function sendPrivateFile(reply: FastifyReply, file: PrivateFile, filename: string): FastifyReply {
  return reply
    .header('content-type', file.contentType)
    .header('content-length', String(file.size))
    .header('content-disposition', attachmentDisposition(filename))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "sandbox; default-src 'none'")
    .header('cross-origin-resource-policy', 'same-origin')
    .header('cache-control', 'private, no-store')
    .send(file.body);
}
