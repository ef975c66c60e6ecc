import pino, { type Logger } from 'pino';
import type { LogLevel } from './config.ts';

export type { Logger };

function prettyAvailable(): boolean {
  try {
    import.meta.resolve('pino-pretty');
    return true;
  } catch {
    return false; // a production install without devDependencies
  }
}

/**
 * JSON lines for machines; human-readable lines when stdout is a terminal (and pino-pretty,
 * a devDependency, is installed).
 */
export function createLogger(level: LogLevel, options: { pretty?: boolean } = {}): Logger {
  const pretty = (options.pretty ?? process.stdout.isTTY === true) && prettyAvailable();
  return pino({
    level,
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
      censor: '[redacted]',
    },
    ...(pretty
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'HH:MM:ss.l', ignore: 'pid,hostname' },
          },
        }
      : {}),
  });
}
