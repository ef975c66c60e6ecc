import {
  ERROR_REPORT_LIMITS,
  ERROR_REPORT_RETENTION_DAYS,
  type ErrorReportCreated,
  type ErrorReportInput,
} from '@comensal/contracts';
import { scrubSecrets } from '@comensal/domain';
import { takeToken } from '../../db/rate-limit-repository.ts';
import { AppError } from '../../lib/app-error.ts';
import { limitsOf, type RequestContext } from '../../lib/context.ts';
import { errorReportRepository } from './error-report-repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface ErrorReportSender {
  /** The session's id, when the request carries one (guests and users alike). */
  sessionId: string | null;
  /** The User-Agent header, as sent. */
  userAgent: string | undefined;
}

const tooMany = (retryAfterSeconds: number) =>
  new AppError('RATE_LIMITED', 'Too many error records: wait a moment before sending more', {
    retryAfterSeconds,
  });

/**
 * POST /api/errors (docs/telemetry.md#error-records): one record, after the sender's buckets
 * (per session, then per address) let it through; message, stack, route and user agent scrubbed
 * of e-mails and secrets before they are written. A restaurant id that names no restaurant is
 * dropped (the record stays, read by nobody but the operators).
 */
export async function recordError(
  ctx: RequestContext,
  sender: ErrorReportSender,
  input: ErrorReportInput,
): Promise<ErrorReportCreated> {
  const now = ctx.now();
  const limits = limitsOf(ctx);
  if (sender.sessionId !== null) {
    const perSession = await takeToken(
      ctx.db,
      `errors:session:${sender.sessionId}`,
      limits.errorReportsPerSession,
      now,
    );
    if (!perSession.allowed) throw tooMany(perSession.retryAfterSeconds ?? 1);
  }
  if (ctx.address !== undefined) {
    const perAddress = await takeToken(
      ctx.db,
      `errors:ip:${ctx.address}`,
      limits.errorReportsPerAddress,
      now,
    );
    if (!perAddress.allowed) throw tooMany(perAddress.retryAfterSeconds ?? 1);
  }

  const reports = errorReportRepository(ctx.db);
  const restaurantId =
    input.restaurantId !== undefined && (await reports.restaurantExists(input.restaurantId))
      ? input.restaurantId
      : null;
  const userAgent = sender.userAgent?.slice(0, ERROR_REPORT_LIMITS.userAgent);
  const created = await reports.insert({
    kind: input.kind,
    message: scrubSecrets(input.message),
    stack: input.stack === undefined ? null : scrubSecrets(input.stack),
    route: scrubSecrets(input.route),
    restaurantId,
    reservationId: input.reservationId ?? null,
    appVersion: input.appVersion,
    locale: input.locale,
    userAgent: userAgent === undefined || userAgent === '' ? null : scrubSecrets(userAgent),
    createdAt: now,
  });
  await reports.deleteOlderThan(new Date(now.getTime() - ERROR_REPORT_RETENTION_DAYS * DAY_MS));
  ctx.log.info({ errorReportId: created.id, kind: input.kind }, 'error record stored');
  return created;
}
