import { formatDuration } from '../reports/report-format';

export interface EpisodeTimes {
  firedAt: string;
  acknowledgedAt: string | null;
  resolvedAt: string | null;
}

function secondsBetween(from: string, to: string): number {
  return Math.max(0, (Date.parse(to) - Date.parse(from)) / 1000);
}

/**
 * Time to acknowledge and to resolve, counted from the episode's first fire, as the reports count
 * them. An episode resolved without an acknowledgement says so; one still open says how long it
 * has waited so far (against `now`, the server's clock where there is one).
 */
export function episodeTimes(episode: EpisodeTimes, now: Date): { acknowledge: string; resolve: string } {
  const open = (since: string) =>
    `not yet (${formatDuration(secondsBetween(since, now.toISOString()))} so far)`;
  const acknowledge = episode.acknowledgedAt
    ? formatDuration(secondsBetween(episode.firedAt, episode.acknowledgedAt))
    : episode.resolvedAt
      ? 'never'
      : open(episode.firedAt);
  const resolve = episode.resolvedAt
    ? formatDuration(secondsBetween(episode.firedAt, episode.resolvedAt))
    : open(episode.firedAt);
  return { acknowledge, resolve };
}
