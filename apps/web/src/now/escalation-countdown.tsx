import { Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { fullTime } from '../time/relative-time';
import { countdownText } from './countdown';
import type { FiringEntry } from './firing-card';

/**
 * "Next step in 4:05": when the flow waiting on this instance pages again, ticking each second.
 * `skewMs` is the server's clock minus this one's, so a browser clock that is off does not show a
 * wrong countdown. The text keeps its width (tabular digits), so ticking moves nothing.
 */
export function EscalationCountdown({
  next,
  skewMs,
}: {
  next: NonNullable<FiringEntry['nextEscalation']>;
  skewMs: number;
}) {
  const at = Date.parse(next.at);
  const [remaining, setRemaining] = useState(() => at - (Date.now() + skewMs));
  useEffect(() => {
    const tick = () => setRemaining(at - (Date.now() + skewMs));
    tick();
    const timer = setInterval(tick, 1_000);
    return () => clearInterval(timer);
  }, [at, skewMs]);
  const who = `${next.endpoints} endpoint${next.endpoints === 1 ? '' : 's'}`;
  return (
    <Text size="sm" data-testid="escalation-countdown" title={fullTime(new Date(at))}>
      <Text span c="dimmed">
        Escalates{' '}
      </Text>
      {remaining > 0 ? (
        <>
          <Text span c="dimmed">
            in{' '}
          </Text>
          <Text span fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
            {countdownText(remaining)}
          </Text>
        </>
      ) : (
        <Text span fw={600}>
          now
        </Text>
      )}
      <Text span c="dimmed">
        {' '}
        · {next.flow.name}, step {next.stepIndex + 1} pages {who}
      </Text>
    </Text>
  );
}
