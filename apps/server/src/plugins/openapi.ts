/**
 * OpenAPI document at /api/openapi.json (built from the zod schemas of every route) and the
 * Swagger UI at /api/docs. Register before the routes so that they are collected.
 */
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { globalPlugin } from './plugin.ts';

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
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
});
