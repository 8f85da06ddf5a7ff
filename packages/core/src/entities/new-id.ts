import { uuidv7 } from 'uuidv7';

/** Record ids are time-ordered UUIDv7 strings: non-sequential to outsiders, index-friendly inside. */
export function newId(): string {
  return uuidv7();
}
