import type { FastifyServerOptions } from 'fastify';
import type { AppConfig } from '../config.js';

/** The `?token=` of the membership endpoint must not reach the logs. */
export const redactUrl = (url: string) => url.replace(/([?&]token=)[^&]*/gi, '$1[redacted]');

/** pino options: JSON lines (pretty on a development terminal), no tokens or cookies. */
export function loggerOptions(config: AppConfig): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.headers.token', 'req.headers.cookie'],
    serializers: {
      req: (req) => ({ method: req.method, url: redactUrl(req.url), remoteAddress: req.ip }),
    },
    ...(config.prettyLogs ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss' } } } : {}),
  };
}
