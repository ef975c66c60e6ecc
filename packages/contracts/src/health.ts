import { z } from 'zod';

/** `GET /healthz`: the process is up. */
export const healthSchema = z.object({ status: z.literal('ok') });
export type Health = z.infer<typeof healthSchema>;

/** `GET /readyz`: 200 `ok` when the database answers, 503 `unavailable` otherwise. */
export const readinessSchema = z.object({ status: z.enum(['ok', 'unavailable']) });
export type Readiness = z.infer<typeof readinessSchema>;
