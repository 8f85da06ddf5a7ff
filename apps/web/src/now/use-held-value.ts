import { useEffect, useState } from 'react';

/**
 * `value` as shown: it follows the latest one, except while `held` (the user is at the list below),
 * when the shown one stays until the hold ends, so a change of height never moves a card under a
 * finger or a pointer.
 */
export function useHeldValue<T>(value: T, held: boolean): T {
  const [shown, setShown] = useState(value);
  useEffect(() => {
    if (!held) setShown(value);
  }, [value, held]);
  return shown;
}
