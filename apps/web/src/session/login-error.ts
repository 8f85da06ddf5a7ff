import { serverErrorOf } from '../trpc/server-error';

/** What the login form says for a failed attempt: the server's own words where it gives them. */
export function loginErrorMessage(error: unknown): string {
  const answered = serverErrorOf(error);
  if (!answered) return 'The server could not be reached. Check your connection and try again.';
  const code = answered.data?.code;
  if (code === 'UNAUTHORIZED') return 'Invalid username or password.';
  if (code === 'TOO_MANY_REQUESTS') {
    const seconds = answered.data?.retryAfterSeconds;
    return typeof seconds === 'number'
      ? `Too many attempts. Try again in ${seconds} seconds.`
      : 'Too many attempts. Try again later.';
  }
  if (code === 'SERVICE_UNAVAILABLE')
    return 'The service is busy. It will answer again shortly; try once more.';
  return answered.message || 'Login failed.';
}
