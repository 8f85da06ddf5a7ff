export interface DocumentedRoute {
  method: string;
  /** Fastify's pattern, `/api/v1/alert-rule/:id`. */
  url: string;
  /** The route's own `security`, when it is not the document's bearer default. */
  security?: ReadonlyArray<Record<string, readonly string[]>>;
  takesInput: boolean;
}

/** Path parameters that name a record: an unknown one is a 404. */
const RECORD_PARAMS = /:(id|alertRuleId|ruleId|alertId|endpointId|userId)\b/;

/** Routes that read only the caller's own session: nothing there is forbidden. */
const OWN_SESSION = new Set(['/api/v1/auth/me', '/api/v1/auth/logout']);

/**
 * The login-link acknowledge: the signed link token is the authority, and every refused link
 * (unknown rule included) is a 401.
 */
const LINK_AUTHORIZED = '/api/v1/alert-rule/acknowledgeL/:id';

/** Routes that decide a record once: deciding it again is a 409. */
const DECIDED_ONCE = /^\/api\/v1\/endpoint\/transfers\/:id\/(accept|decline|cancel)$/;

/** The legacy Clusters page's writes: the main is fixed, agents are managed under `/zones`. */
const MAIN_ZONE_WRITE = /^\/api\/v1\/skylogs-instance(\/:id)?$/;

/**
 * A heartbeat's ping URL: the token is the heartbeat's address, as in Healthchecks, so an unknown
 * one is a 404 (a job's `curl -f` fails either way), and a malformed action or query a 422.
 */
const HEARTBEAT_PING = /^\/api\/v1\/heartbeat\/:token/;

/** An iCal feed (a schedule's, a person's): its secret address is the credential, so an unknown one is a 404. */
const SCHEDULE_FEED = /^\/api\/v1\/(schedule|user)-feed\/:token/;
/** An agent's heartbeat: its zone token is the credential (401), its body the input (422). */
const ZONE_HEARTBEAT = '/api/v1/zones/heartbeat';
/** An agent's copy of the main: its zone token is the credential (401); it takes no input. */
const ZONE_SYNC = '/api/v1/zones/sync';

const RATE_LIMITED = new Set(['/api/v1/auth/login', '/api/v1/endpoint/sendOTP']);

/**
 * The error statuses a route may answer, as the contract lists them and as the route's guards
 * answer: credentials (401), access (403, on the bearer routes), records (404), input (422), rate
 * limits (429). Each has the error body; anything else is the `default` answer.
 */
export function errorStatusesOf(route: DocumentedRoute): number[] {
  const statuses = new Set<number>();
  const bearer = route.security === undefined;
  const ingestion =
    route.security?.some((scheme) => 'ruleToken' in scheme || 'dataSourceToken' in scheme) === true ||
    /-alert\/:token/.test(route.url);
  if (route.url === LINK_AUTHORIZED) return [401, 422];
  if (HEARTBEAT_PING.test(route.url) || SCHEDULE_FEED.test(route.url)) return [404, 422];
  if (route.url === ZONE_HEARTBEAT) return [401, 422];
  if (route.url === ZONE_SYNC) return [401];
  if (bearer || ingestion || route.url.endsWith('/auth/login') || route.url.endsWith('/auth/refresh'))
    statuses.add(401);
  if (bearer && !OWN_SESSION.has(route.url)) statuses.add(403);
  if (RECORD_PARAMS.test(route.url)) statuses.add(404);
  if (DECIDED_ONCE.test(route.url)) statuses.add(409);
  if (route.method.toUpperCase() !== 'GET' && MAIN_ZONE_WRITE.test(route.url)) statuses.add(409);
  if (route.takesInput) statuses.add(422);
  if (ingestion || RATE_LIMITED.has(route.url)) statuses.add(429);
  return [...statuses];
}
