/**
 * OpenAPI document at /api/openapi.json (built from the zod schemas of every route) and the
 * Swagger UI at /api/docs. Register before the routes so that they are collected.
 */
import fastifySwagger from '@fastify/swagger';
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

export const openapiPlugin = globalPlugin('openapi', async (app) => {
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
      },
      servers: [{ url: app.config.publicUrl }],
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
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
