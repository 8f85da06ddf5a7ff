import { queryClient } from '../trpc/client';
import { forwardsToZone, type SelectedZone, selectZone } from './selected-zone';

/** A tRPC query key starts with the procedure's path as an array: `[['rules', 'list'], …]`. */
function procedurePath(queryKey: readonly unknown[]): string {
  const head = queryKey[0];
  return Array.isArray(head) ? head.join('.') : '';
}

/**
 * Looks into another zone (null: back to the main). What was read from the previous zone is
 * dropped so no screen shows one zone's data under another's name; the session and the zone list
 * are the main's own and stay.
 */
export function switchZone(zone: SelectedZone | null): void {
  selectZone(zone);
  void queryClient.resetQueries({ predicate: (query) => forwardsToZone(procedurePath(query.queryKey)) });
}
