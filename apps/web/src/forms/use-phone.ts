import { useMediaQuery } from '@mantine/hooks';

/** Below 480 px: dialogs take the whole screen and wide tables become cards. */
export function usePhone(): boolean {
  // Read at once (not after a first render), so a phone never lays out the wide version first.
  return useMediaQuery('(max-width: 30em)', undefined, { getInitialValueInEffect: false });
}
