import { uuidv7 } from 'uuidv7';

/** Record ids are time-ordered UUIDv7 strings: non-sequential to outsiders, index-friendly inside. */
export function newId(): string {
  return uuidv7();
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Ids arrive from paths and bodies as arbitrary text; one that cannot be a UUID names no record,
 * and must never reach a uuid column (the database would refuse it as an error, not a miss).
 */
export function isId(value: string): boolean {
  return UUID.test(value);
}
