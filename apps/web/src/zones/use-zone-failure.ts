import { useEffect, useState } from 'react';
import { queryClient } from '../trpc/client';
import { serverErrorOf } from '../trpc/server-error';

/**
 * Why the picked zone's calls fail as a whole, in words, or null: the main answers 502 when the
 * agent cannot be reached and 404 when it no longer knows the zone (zone-forwarding.ts).
 */
export function useZoneFailure(zoneId: string | null): string | null {
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    setFailure(null);
    if (!zoneId) return;
    return queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated') return;
      if (event.action.type === 'success') setFailure(null);
      if (event.action.type !== 'error') return;
      const status = serverErrorOf(event.action.error)?.data?.httpStatus;
      if (status === 502) setFailure('The zone cannot be reached: the main could not forward to its agent.');
      if (status === 404) setFailure('This main does not know the zone (it may have been deleted).');
    });
  }, [zoneId]);
  return failure;
}
