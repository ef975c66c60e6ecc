import { ANALYTICS_API_KEY_HEADER } from '@comensal/contracts';
/**
 * OpenAPI document at /api/openapi.json (built from the zod schemas of every route) and the
 * Swagger UI at /api/docs. Register before the routes so that they are collected.
 */
import fastifySwagger, { type SwaggerTransformObject } from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { serializeCsp } from '../http/csp.ts';
import { globalPlugin } from './plugin.ts';

export const SWAGGER_UI_CSP = serializeCsp({
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
});

/** The security scheme of the session cookie (better-auth's; `__Secure-` prefixed on https). */
export const SESSION_COOKIE_SCHEME = 'sessionCookie';
const SESSION_COOKIE = 'better-auth.session_token';
/** The security scheme of the analytics API key (modules/analytics): its route declares it itself. */
export const ANALYTICS_KEY_SCHEME = 'analyticsApiKey';
const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

type Operation = { responses?: Record<string, unknown>; security?: unknown };
type OpenApiDocument = ReturnType<SwaggerTransformObject>;

/**
 * The session in the contract: the cookie as a security scheme; an operation that can answer
 * 401 needs it, the others take it when there is one (favourite flags, the menu's prices).
 */
export function withSessionSecurity(document: OpenApiDocument, secure: boolean): OpenApiDocument {
  const doc = document as {
    components?: Record<string, unknown>;
    paths?: Record<string, Record<string, Operation>>;
  };
  const components = doc.components ?? {};
  doc.components = {
    ...components,
    securitySchemes: {
      ...(components.securitySchemes as object | undefined),
      [SESSION_COOKIE_SCHEME]: {
        type: 'apiKey',
        in: 'cookie',
        name: secure ? `__Secure-${SESSION_COOKIE}` : SESSION_COOKIE,
        description:
          'The session of a user or a guest, set by /api/auth/* (sign-in, sign-up, anonymous sign-in). Writes ' +
          'with it must come from the app itself (Origin), else 403.',
      },
    },
  };
  for (const operations of Object.values(doc.paths ?? {})) {
    for (const [method, operation] of Object.entries(operations)) {
      if (!HTTP_METHODS.has(method)) continue;
      // a route that declares its own scheme (the analytics API key) keeps it
      if (operation.security !== undefined) continue;
      const required = operation.responses !== undefined && '401' in operation.responses;
      operation.security = required
        ? [{ [SESSION_COOKIE_SCHEME]: [] }]
        : [{}, { [SESSION_COOKIE_SCHEME]: [] }];
    }
  }
  return document;
}

export const openapiPlugin = globalPlugin('openapi', async (app) => {
  const secure = app.config.publicUrl.startsWith('https:');
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Comensal API',
        description:
          'Restaurant discovery, reservations, shared orders and payments. Money is integer minor units of the ' +
          "restaurant's currency; errors are `{ error: { code, message } }`. Authentication (/api/auth/*) is " +
          'better-auth: see https://www.better-auth.com/docs/concepts/api.',
        version: '0.1.0',
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      },
      // the app's own origin, whatever it is called: the docs and the API are served together
      servers: [{ url: '/' }],
      // declared here so that a route can name it in its own `security` (modules/analytics)
      components: {
        securitySchemes: {
          [ANALYTICS_KEY_SCHEME]: {
            type: 'apiKey',
            in: 'header',
            name: ANALYTICS_API_KEY_HEADER,
            description: "The app's analytics API key (GET /api/analytics/config); no session involved.",
          },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: (input) => withSessionSecurity(jsonSchemaTransformObject(input), secure),
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    // no call to the public validator (its badge): the docs work offline and load nothing foreign
    uiConfig: { validatorUrl: null },
    // Swagger UI's own policy, in place of the app's (plugins/security-headers.ts): its scripts
    // and styles are files of its own, plus the inline styles it sets
    staticCSP: SWAGGER_UI_CSP,
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
});
