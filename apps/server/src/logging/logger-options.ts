import type { FastifyRequest } from 'fastify';
import { redactedUrl } from './redacted-url';

export interface LogDestination {
  write(line: string): void;
}

/**
 * Fastify's logger as Fastify configures it (method, URL, status code, response time per request),
 * except that URLs are logged redacted, and credential headers are masked should anything log them.
 */
export function loggerOptions(level: string, stream?: LogDestination) {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers["x-api-token"]',
        'req.headers["x-zone-assertion"]',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
      ],
      censor: '[REDACTED]',
    },
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactedUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
  };
}
