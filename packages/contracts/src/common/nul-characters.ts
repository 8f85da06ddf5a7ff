export const NUL_MESSAGE = 'The value may not contain NUL characters.';

/**
 * PostgreSQL text cannot hold U+0000, so every face refuses such input at its field path before it
 * can fail in the driver. Returns the dotted path of the first string (or key) holding one.
 */
export function findNulPath(value: unknown, path: readonly string[] = []): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path.join('.') : undefined;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findNulPath(item, [...path, String(index)]);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const found = key.includes('\u0000') ? [...path, 'key'].join('.') : findNulPath(item, [...path, key]);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}
