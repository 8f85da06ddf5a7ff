import { validationFailed } from '@oncall/core';
import type { FastifyInstance } from 'fastify';

const MESSAGE = 'The value may not contain NUL characters.';

/** PostgreSQL text cannot hold U+0000; such input is refused at its field path instead of failing in the driver. */
export function rejectNulCharacters(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const path = findNul(request.body, []) ?? findNul(request.query, []) ?? findNul(request.params, []);
    if (path) throw validationFailed({ [path.join('.') || 'body']: [MESSAGE] });
  });
}

function findNul(value: unknown, path: string[]): string[] | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findNul(item, [...path, String(index)]);
      if (found) return found;
    }
    return undefined;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const found = key.includes('\u0000') ? [...path, 'key'] : findNul(item, [...path, key]);
      if (found) return found;
    }
  }
  return undefined;
}
