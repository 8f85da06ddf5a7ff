import { validationFailed } from '@oncall/core';

/** What a ping says: the job succeeded, started, or failed. */
export type PingKind = 'success' | 'start' | 'fail';

/**
 * One ping as the routes hand it over: `instance` is empty for the rule's own heartbeat; `body`
 * is already bounded (see `MAX_PING_BODY_BYTES`).
 */
export interface Ping {
  readonly token: string;
  readonly kind: PingKind;
  readonly exitStatus: number | null;
  readonly instance: string;
  readonly runId: string | null;
  readonly body: string | null;
}

/** The last ping's log kept per heartbeat: a job's output tail, not its whole log. */
export const MAX_PING_BODY_BYTES = 10_000;

/** Instance keys are labels (`host-1`, `db.eu-west`), not payloads. */
const INSTANCE_KEY = /^[A-Za-z0-9][A-Za-z0-9._:@/-]{0,199}$/;
const RUN_ID = /^[A-Za-z0-9._:-]{1,100}$/;

/**
 * What the path after the token says: nothing (success), `start`, `fail`, or an exit status
 * (0–255; 0 is success, others fail), as Healthchecks reads them. Anything else is a 422 at
 * `action`.
 *
 * @example pingKindOf('start') // { kind: 'start', exitStatus: null }
 * @example pingKindOf('3') // { kind: 'fail', exitStatus: 3 }
 */
export function pingKindOf(action: string | undefined): { kind: PingKind; exitStatus: number | null } {
  if (action === undefined || action === '') return { kind: 'success', exitStatus: null };
  if (action === 'start') return { kind: 'start', exitStatus: null };
  if (action === 'fail') return { kind: 'fail', exitStatus: null };
  if (/^\d{1,3}$/.test(action)) {
    const status = Number(action);
    if (status <= 255) return { kind: status === 0 ? 'success' : 'fail', exitStatus: status };
  }
  throw validationFailed({
    action: ['The ping action must be start, fail or an exit status from 0 to 255.'],
  });
}

/** The instance key of a ping's query, empty when it names none; a malformed one is a 422. */
export function instanceKeyOf(instance: string | undefined): string {
  if (instance === undefined || instance === '') return '';
  if (!INSTANCE_KEY.test(instance)) {
    throw validationFailed({
      instance: ['The instance must be up to 200 letters, digits and . _ : @ / - characters.'],
    });
  }
  return instance;
}

/** The run id of a ping's query (`?rid=`), null when absent; a malformed one is a 422. */
export function runIdOf(runId: string | undefined): string | null {
  if (runId === undefined || runId === '') return null;
  if (!RUN_ID.test(runId)) {
    throw validationFailed({ rid: ['The run id must be up to 100 letters, digits and . _ : - characters.'] });
  }
  return runId;
}

/**
 * A ping body as kept: at most `MAX_PING_BODY_BYTES` of UTF-8, cut at a character boundary, with
 * NUL characters (which PostgreSQL text cannot hold) dropped. The routes read at most this much.
 */
export function boundedBody(raw: Buffer | string | null | undefined): string | null {
  if (raw === null || raw === undefined || raw.length === 0) return null;
  const bytes = typeof raw === 'string' ? Buffer.from(raw, 'utf8') : raw;
  const text = bytes.subarray(0, MAX_PING_BODY_BYTES).toString('utf8');
  // A cut through a multi-byte character decodes as U+FFFD at the end: drop it.
  const whole = bytes.length > MAX_PING_BODY_BYTES ? text.replace(/\uFFFD$/, '') : text;
  return whole.replaceAll('\u0000', '');
}
