import { randomFillSync } from 'node:crypto';
import { V7Generator } from 'uuidv7';

/**
 * The random half of ids, drawn from the system's CSPRNG a kilobyte at a time: the library's own
 * buffer holds 8 numbers, so it asked the system every other id, a cost seen on every fire.
 */
class BufferedRandom {
  private readonly numbers = new Uint32Array(256);
  private next = this.numbers.length;

  nextUint32(): number {
    if (this.next >= this.numbers.length) {
      randomFillSync(this.numbers);
      this.next = 0;
    }
    return this.numbers[this.next++] ?? 0;
  }
}

const ids = new V7Generator(new BufferedRandom());

/** Record ids are time-ordered UUIDv7 strings: non-sequential to outsiders, index-friendly inside. */
export function newId(): string {
  return ids.generate().toString();
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Ids arrive from paths and bodies as arbitrary text; one that cannot be a UUID names no record,
 * and must never reach a uuid column (the database would refuse it as an error, not a miss).
 */
export function isId(value: string): boolean {
  return UUID.test(value);
}
