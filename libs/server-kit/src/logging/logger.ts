import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Params } from 'nestjs-pino';

/**
 * Structured logs with a request id. Personal data stays out: auth headers, cookies and request
 * bodies are redacted, and query strings (which can carry names or phone numbers) are not logged.
 */
export function loggerParams(level: string, appName: string): Params {
  return {
    // Through process.stdout rather than pino's own fd writer, so a test can read what was logged
    // and prove no personal data is in it.
    pinoHttp: [
      {
        name: appName,
        level,
        genReqId: (req: IncomingMessage) => {
          const header = req.headers['x-request-id'];
          return typeof header === 'string' && /^[A-Za-z0-9-]{8,64}$/.test(header) ? header : randomUUID();
        },
        redact: {
          paths: ['req.headers.authorization', 'req.headers.cookie', 'req.body', 'res.headers["set-cookie"]'],
          remove: true,
        },
        serializers: {
          req: (req: { id: string; method: string; url: string }) => ({
            id: req.id,
            method: req.method,
            path: req.url.split('?')[0],
          }),
        },
        autoLogging: { ignore: (req: IncomingMessage) => (req.url ?? '').startsWith('/health') },
      },
      process.stdout,
    ],
  };
}

/** A Nest logger in the shape the workers' and loops' logs take ({ info, warn } with data first). */
export function nestLog(logger: {
  log(data: unknown, message: string): void;
  warn(data: unknown, message: string): void;
}): {
  info(data: Record<string, unknown>, message: string): void;
  warn(data: Record<string, unknown>, message: string): void;
} {
  return { info: (data, message) => logger.log(data, message), warn: (data, message) => logger.warn(data, message) };
}
