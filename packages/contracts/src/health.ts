import { z } from 'zod';

/** `GET /healthz`: the process is up. */
export const healthSchema = z.object({ status: z.literal('ok') });
export type Health = z.infer<typeof healthSchema>;

/**
 * `GET /readyz`: 200 `ok` when the database answers; 503 `unavailable` otherwise, or `draining`
 * once the instance was asked to stop (the balancer sends it nothing new).
 */
export const readinessSchema = z.object({ status: z.enum(['ok', 'unavailable', 'draining']) });
export type Readiness = z.infer<typeof readinessSchema>;
