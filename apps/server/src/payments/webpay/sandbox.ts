/**
 * The built-in Webpay sandbox (WEBPAY_ENV=sandbox): the app answers Transbank's own paths
 * (`/rswebpaytransaction/api/webpay/v1.2/...` and `/webpayserver/initTransaction`) with the same
 * protocol code as the test fake, and a card page with Approve / Reject / Abort / Time out.
 *
 * State is in memory: one instance only, lost on restart (a pending sandbox payment then simply
 * fails, as an expired token would). Real deployments use Transbank (integration or production).
 *
 * Encapsulated: its body parser (raw text, whatever the content type: JSON for the API,
 * form-urlencoded for the card form) and its `{ error_message }` errors stay on its own routes.
 * The CSRF plugin only looks at /api, so the card form's cross-page posts reach it untouched.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { WEBPAY_API_PATH, WEBPAY_FORM_PATH } from './rules.ts';
import { WebpayCore, type WebpayCoreOptions } from './server/core.ts';
import { handleWebpayRequest } from './server/http.ts';

export interface WebpaySandboxOptions {
  commerceCode: string;
  apiKey: string;
  /** The browser's origin of the app: create answers `<publicUrl>/webpayserver/initTransaction`. */
  publicUrl: string;
  now: () => Date;
  returnMethods?: WebpayCoreOptions['returnMethods'];
  /** Receives the state machine (tests flip `repeatedCommit` or `returnMethods` on it). */
  onCore?: (core: WebpayCore) => void;
}

const BODY_LIMIT = 64 * 1024;

export async function webpaySandbox(app: FastifyInstance, options: WebpaySandboxOptions): Promise<void> {
  const core = new WebpayCore({
    commerceCode: options.commerceCode,
    apiKey: options.apiKey,
    now: options.now,
    formUrl: () => `${options.publicUrl}${WEBPAY_FORM_PATH}`,
    ...(options.returnMethods ? { returnMethods: options.returnMethods } : {}),
  });
  options.onCore?.(core);

  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_request, body, done) =>
    done(null, body),
  );
  app.setErrorHandler((error: { statusCode?: number; message: string }, request, reply) => {
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) request.log.error({ err: error }, 'webpay sandbox failed');
    return reply
      .status(status)
      .type('application/json; charset=utf-8')
      .send({ error_message: status >= 500 ? 'Unexpected error' : error.message });
  });

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const answer = handleWebpayRequest(core, {
      method: request.method,
      url: request.url,
      headers: request.headers,
      body: typeof request.body === 'string' ? request.body : '',
    });
    return reply.status(answer.status).headers(answer.headers).send(answer.body);
  };
  app.route({ method: ['GET', 'POST'], url: WEBPAY_FORM_PATH, schema: { hide: true }, handler });
  app.route({
    method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    url: `${WEBPAY_API_PATH}/*`,
    schema: { hide: true },
    handler,
  });
}
