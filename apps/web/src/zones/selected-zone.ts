import { useSyncExternalStore } from 'react';

/** The agent zone the screens look into, per tab; null is this main. */
export interface SelectedZone {
  id: string;
  name: string;
}

const KEY = 'oncall.zone';
const listeners = new Set<() => void>();

function read(): SelectedZone | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as SelectedZone) : null;
  } catch {
    return null;
  }
}

let current = read();

export function selectedZone(): SelectedZone | null {
  return current;
}

/** Sets (or clears, with null) the zone; a tab keeps its own choice across reloads. */
export function selectZone(zone: SelectedZone | null): void {
  current = zone;
  if (zone) sessionStorage.setItem(KEY, JSON.stringify(zone));
  else sessionStorage.removeItem(KEY);
  for (const listener of listeners) listener();
}

export function useSelectedZone(): SelectedZone | null {
  return useSyncExternalStore((listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }, selectedZone);
}

/**
 * The procedures that follow the picked zone (`zone-forwarding.ts`): all but the session and the
 * zones, which are the main's own. The live feed follows it too, named in its connection params.
 */
export function forwardsToZone(path: string): boolean {
  return !/^(auth|zones)\./.test(path);
}
