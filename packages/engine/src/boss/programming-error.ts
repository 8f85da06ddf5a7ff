/** Errors the language raises for code that is wrong, never for a service that is down. */
const BUG_CLASSES: ReadonlyArray<abstract new (...args: never[]) => Error> = [
  TypeError,
  ReferenceError,
  RangeError,
  SyntaxError,
  EvalError,
  URIError,
];

/**
 * Whether a handler failed because of a bug (a TypeError, a ReferenceError, …) rather than because
 * something it depends on is unavailable (the database, Temporal, a provider config not added yet),
 * which throw plain errors of their drivers or of the engine. The one TypeError an outage raises is
 * fetch's "fetch failed", whose cause is the system error (ECONNREFUSED, a DNS failure): that is an
 * outage, not a bug.
 */
export function isProgrammingError(error: unknown): boolean {
  if (!BUG_CLASSES.some((bugClass) => error instanceof bugClass)) return false;
  return !(error instanceof TypeError && hasSystemCause(error));
}

function hasSystemCause(error: Error): boolean {
  const { cause } = error;
  return typeof cause === 'object' && cause !== null && 'code' in cause && typeof cause.code === 'string';
}
