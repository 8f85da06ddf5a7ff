import { Tooltip } from '@mantine/core';
import { fullTime, relativeTime } from './relative-time';

/** A moment as a relative time ("5 minutes ago"), the full local time on hover and for machines. */
export function When({ at, now = new Date() }: { at: string; now?: Date }) {
  const date = new Date(at);
  return (
    <Tooltip label={fullTime(date)}>
      <time dateTime={at}>{relativeTime(date, now)}</time>
    </Tooltip>
  );
}
