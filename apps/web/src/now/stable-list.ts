/** What the Now list shows, and whether newer data waits behind it. */
export interface Shown<T> {
  shown: T;
  /** Newer data was kept back because it would move what the user is about to tap. */
  pending: boolean;
}

/**
 * Whether newer data may replace what is shown while the user is at the list: only when every card
 * stays where it is (same instances in the same order), so a card's content may change in place (an
 * acknowledgement, a page delivered) but nothing moves under a finger or a pointer. Free, the latest
 * data is shown as it comes.
 */
export function nextShown<T>(
  current: T | undefined,
  latest: T,
  held: boolean,
  order: (value: T) => readonly string[],
): Shown<T> {
  if (!held || current === undefined) return { shown: latest, pending: false };
  const before = order(current);
  const after = order(latest);
  const sameOrder = before.length === after.length && before.every((id, i) => id === after[i]);
  return sameOrder ? { shown: latest, pending: false } : { shown: current, pending: true };
}
