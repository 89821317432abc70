/** pino options shared by the HTTP server and the worker: JSON lines, secrets never written. */
import type { LoggerOptions } from 'pino';

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        '*.password',
        '*.token',
        '*.databaseUrl',
      ],
      censor: '[redacted]',
    },
  };
}
