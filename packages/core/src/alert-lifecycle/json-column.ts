/** A jsonb value as a raw query returns it: parsed by the PostgreSQL driver, text on some PGlite paths. */
export type Json<T> = T | string | null;

export function fromJson<T>(value: Json<T>): T | null {
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
}
