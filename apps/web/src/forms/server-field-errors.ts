import { serverErrorOf } from '../trpc/server-error';

/** Field path (`value`, `steps.1.duration`) → the first message the server gave for it. */
export type FieldErrors = Readonly<Record<string, string>>;

/** The 422's messages per field, so each shows at its field; empty for any other failure. */
export function fieldErrorsOf(error: unknown): FieldErrors {
  const fields = serverErrorOf(error)?.data?.fieldErrors;
  if (!fields) return {};
  const first: Record<string, string> = {};
  for (const [path, messages] of Object.entries(fields)) {
    const [message] = messages;
    if (message) first[path] = message;
  }
  return first;
}

/**
 * What a failed action says in a notification: the server's words, "it will retry" for a busy
 * service, and a hint to look at the fields for a 422 whose messages show there.
 */
export function failureMessage(error: unknown): string {
  const answered = serverErrorOf(error);
  if (!answered) return 'The server could not be reached. Check your connection and try again.';
  if (answered.data?.code === 'SERVICE_UNAVAILABLE') {
    return 'The service is busy and will answer again shortly; try once more.';
  }
  if (answered.data?.fieldErrors) return 'Some fields need a change: see the messages beside them.';
  return answered.message || 'The request failed.';
}
