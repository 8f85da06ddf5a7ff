import { IANAZone } from 'luxon';

export interface Transition {
  at: number;
  /** Offsets in minutes before and after. */
  before: number;
  after: number;
}

/** The offset changes of a zone in [from, until): scanned by the hour, then narrowed to the minute. */
export function transitions(zoneName: string, from: number, until: number): Transition[] {
  const zone = IANAZone.create(zoneName);
  const found: Transition[] = [];
  let previous = zone.offset(from);
  for (let t = from; t < until; t += 3_600_000) {
    const offset = zone.offset(t);
    if (offset !== previous) {
      let at = t - 3_600_000;
      while (zone.offset(at) === previous) at += 60_000;
      found.push({ at, before: previous, after: offset });
    }
    previous = offset;
  }
  return found;
}

/** Wall-clock "YYYY-MM-DDTHH:mm" of an instant at a given offset. */
export function wallAt(instant: number, offsetMinutes: number): string {
  return new Date(instant + offsetMinutes * 60_000).toISOString().slice(0, 16);
}
