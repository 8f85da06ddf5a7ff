/**
 * A countdown as a phone shows it at a glance: `4:05` under an hour, `1:02:03` above, and `now` once
 * the moment has come (the step is due; the page that shows it refreshes when it runs).
 */
export function countdownText(remainingMs: number): string {
  if (remainingMs <= 0) return 'now';
  const total = Math.ceil(remainingMs / 1000);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return hours > 0 ? `${hours}:${two(minutes)}:${two(seconds)}` : `${minutes}:${two(seconds)}`;
}
