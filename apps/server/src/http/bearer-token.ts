import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Whether an `Authorization` header carries `Bearer <expected>`. Both sides are hashed first, so the
 * comparison takes the same time whatever was sent, however long, and says nothing of the token.
 */
export function bearerTokenMatches(header: string | undefined, expected: string): boolean {
  const match = /^Bearer (.+)$/i.exec(header ?? '');
  const given = match?.[1] ?? '';
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected)) && match !== null;
}
