/**
 * Webpay Plus in the app: `app.webpay` is the adapter configured from WEBPAY_* (see
 * ./README.md), and with WEBPAY_ENV=sandbox the app also serves the sandbox (./sandbox.ts),
 * which the adapter then reaches on the loopback address the server listens on.
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { globalPlugin } from '../../plugins/plugin.ts';
import { createWebpayClient, type WebpayClient } from './client.ts';
import type { WebpayCore } from './server/core.ts';
import { webpaySandbox } from './sandbox.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The Webpay Plus adapter (transbank-sdk) for the configured environment. */
    webpay: WebpayClient;
    /** The sandbox's state machine when WEBPAY_ENV=sandbox, else null (tests drive it). */
    webpaySandbox: WebpayCore | null;
  }
}

/**
 * `http://<loopback>:<port>` of this server: the sandbox is called on the address the server
 * listens on, never through PUBLIC_URL (a proxy or the Vite dev server the server itself may not
 * reach, or reach only through the internet).
 */
export function ownLoopbackOrigin(app: FastifyInstance): string {
  const address = app.server.address();
  if (address === null || typeof address === 'string') {
    throw new Error('the Webpay sandbox is served by this app, which is not listening on a TCP port yet');
  }
  const { address: host, port, family } = address as AddressInfo;
  if (family === 'IPv6') return `http://[${host === '::' ? '::1' : host}]:${port}`;
  return `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`;
}

export const webpayPlugin = globalPlugin('webpay', async (app) => {
  const { webpay, publicUrl } = app.config;
  app.decorate('webpaySandbox', null);
  if (webpay.env === 'sandbox') {
    await app.register(webpaySandbox, {
      commerceCode: webpay.commerceCode,
      apiKey: webpay.apiKey,
      publicUrl,
      now: app.now,
      onCore: (core) => {
        app.webpaySandbox = core;
      },
    });
    if (process.env.NODE_ENV === 'production') {
      app.log.warn('WEBPAY_ENV is sandbox: card payments are simulated, nobody is charged');
    }
  }
  app.decorate(
    'webpay',
    createWebpayClient({
      ...webpay,
      baseUrl: webpay.baseUrl ?? (webpay.env === 'sandbox' ? () => ownLoopbackOrigin(app) : null),
    }),
  );
});
