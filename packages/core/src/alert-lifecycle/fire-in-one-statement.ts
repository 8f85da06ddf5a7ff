import type { EntityManager } from '@mikro-orm/core';
import type { AlertState } from '../entities/index';
import { newId } from '../entities/index';
import type { FreshEventFacts } from '../notifications/fresh-event-facts';
import { queryRows } from '../persistence/query-rows';
import type { Clock } from '../ports/clock';
import type { QueuedNotify, StatementOutbox } from '../ports/orchestrator';
import type { PreparedStatements } from '../ports/prepared-statements';
import { jsonColumn } from './alert-event-values';
import type { AlertSignal, SignalOutcome } from './alert-signal';
import { rememberOpening } from './remember-opening';
import { isFiring, statesAtLeast } from './state-rank';

/** A repeat within this long of the last recorded fire, with nothing new to say, writes nothing. */
const REPEAT_WRITE_INTERVAL_MS = 1_000;

export interface OneStatementFireOptions {
  /**
   * Whether a new instance may be opened here: false when opening must also queue engine work (an
   * auto-resolve timer), which only the transactional path does.
   */
  mayOpen: boolean;
  /**
   * Whether the fire is likely to open an instance that pages: only a statement holding such a fire
   * carries the outbox, whose text costs every statement its planning. Without it, an opening that
   * turns out to page is declined and takes the full path.
   */
  mayPage?: boolean;
}

/** An opening that pages, as the database function answers it when its caller queues the pages. */
interface PagedOpening {
  event_id: string;
  targets: string[];
  rule_state: AlertState;
  rule_name: string;
  rule_type: string;
  show_acknowledge_btn: boolean;
}

/** What an outcome of the database function means; any other answer is "take the full path". */
type OneStatementAnswer = 'repeated' | 'opened' | PagedOpening | null;

/**
 * One fire as the database function `apply_fire_in_one_statement` takes it, its ids and times fixed
 * when it arrived, so applying it alone or in a batch writes the same rows.
 */
export interface OneStatementFire {
  ruleId: string;
  signal: AlertSignal;
  now: Date;
  mayOpen: boolean;
  mayPage: boolean;
  instanceId: string;
  eventId: string;
}

/**
 * Where openings that page go in the same statement: the engine's outbox (the dispatch jobs are
 * written by the statement that records the opening) and this process's message facts (the page
 * sent right after renders from them).
 */
export interface OneStatementPaging {
  outbox(): StatementOutbox | null;
  freshEvents?: FreshEventFacts;
}

/**
 * The two fires that make up most ingestion traffic, each as one statement outside any explicit
 * transaction (a statement commits atomically; round trips, not rows, are what a fire costs):
 *
 * - a repeat of an instance already firing in that state: its last fire (which auto-resolve counts
 *   from) and description move, nothing else changes and nobody is paged. A burst of identical
 *   repeats writes at most once a second: a last-fire time a second old changes no timer counted in
 *   minutes, and the answer is then the snapshot's, a read;
 * - a new instance of a rule already at least as bad, with no behavior rules: the instance and its
 *   opening event are inserted, the rule row share-locked as `syncRuleState` would, so its state
 *   stands. When it pages, the same statement queues its pages through the engine's outbox; a driver
 *   without one leaves such an opening to the full path.
 *
 * Null for any other signal (resolved, notification-only): those always take the full path.
 */
export function oneStatementFire(
  clock: Clock,
  ruleId: string,
  signal: AlertSignal,
  { mayOpen, mayPage = false }: OneStatementFireOptions,
): OneStatementFire | null {
  if (!isFiring(signal.state)) return null;
  return { ruleId, signal, now: clock.now(), mayOpen, mayPage, instanceId: newId(), eventId: newId() };
}

/**
 * Applies one fire alone. Null when the database function declines it (resolved or changing
 * instance, a rule that must get worse or has behavior rules, pages with no outbox to queue them
 * in, or a concurrent fire that created the instance first), with nothing written: the signal then
 * takes the full path of `applySignal`.
 */
export async function applyFireInOneStatement(
  em: EntityManager,
  fire: OneStatementFire,
  paging?: OneStatementPaging,
): Promise<SignalOutcome | null> {
  const { signal } = fire;
  // The statements live in the database function `apply_fire_in_one_statement` (its migration says
  // why): planned once per connection, where a statement sent as text is planned on every fire.
  const params = [
    fire.ruleId,
    signal.fingerprint,
    signal.state,
    signal.alertname,
    signal.instance,
    signal.description ?? null,
    signal.summary ?? null,
    jsonColumn(signal.labels),
    jsonColumn(signal.details),
    signal.kind,
    jsonColumn(signal.payload),
    fire.now,
    unchangedSince(fire),
    fire.mayOpen,
    statesAtLeast(signal.state),
    fire.instanceId,
    fire.eventId,
  ];
  const [answer] = await runFireStatement(
    (sql, mayPage) => queryRows(em, sql, [...params, mayPage]),
    'jsonb_build_array(apply_fire_in_one_statement(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, array[?]::text[], ?, ?, ?))',
    [fire],
    paging,
  );
  return answer ?? null;
}

/**
 * Applies fires together in one `apply_fires_in_one_statement`: one outcome per fire, in order (null:
 * take the full path). One statement, so one transaction: if it fails, nothing of it was written.
 */
export function applyFiresInOneStatement(
  em: EntityManager,
  fires: readonly OneStatementFire[],
  paging?: OneStatementPaging,
  prepared?: PreparedStatements,
): Promise<Array<SignalOutcome | null>> {
  const fireList = JSON.stringify(fires.map((fire, i) => batchElement(fire, i + 1)));
  // Outside a transaction its text is one of two, whatever the fires: prepared where possible.
  if (prepared && em.getTransactionContext() === undefined) {
    return runFireStatement(
      (sql, mayPage) => prepared.rows(sql, [fireList, mayPage]),
      'apply_fires_in_one_statement($1::jsonb, $2)',
      fires,
      paging,
    );
  }
  return runFireStatement(
    (sql, mayPage) => queryRows(em, sql, [fireList, mayPage]),
    'apply_fires_in_one_statement(?::jsonb, ?)',
    fires,
    paging,
  );
}

/** Runs the fire statement `sql` with the call's values and `p_may_page` last; its one row. */
type FireStatementRun = (sql: string, mayPage: boolean) => Promise<Array<Record<string, unknown>>>;

/**
 * Runs `call` (a JSON array of the function's answers, its last parameter `p_may_page` left to
 * `run`) in one statement that, given an outbox, also queues the pages of the openings it records:
 * their targets become the outbox's rows, so an opening and its jobs commit together. Once the
 * statement has committed, the openings' message facts are left for this process's dispatch and
 * the queued pages handed to it.
 */
async function runFireStatement(
  run: FireStatementRun,
  call: string,
  fires: readonly OneStatementFire[],
  paging: OneStatementPaging | undefined,
): Promise<Array<SignalOutcome | null>> {
  const outbox = fires.some((fire) => fire.mayPage) ? (paging?.outbox() ?? null) : null;
  if (!outbox) {
    const [row] = await run(`select ${call} as outcomes`, false);
    return answersOf(row?.outcomes, fires.length).map((answer, i) => outcomeOf(fires[i], answer));
  }
  const { sql, created } = outbox.ctes('fire_pages');
  const [row] = await run(
    `with fire_answer as materialized (select ${call} as outcomes),
     fire_pages as (
       select (o.answer->>'event_id')::uuid as alert_event_id, t.endpoint_id::uuid as endpoint_id
         from fire_answer, jsonb_array_elements(fire_answer.outcomes) as o(answer),
              jsonb_array_elements_text(case when jsonb_typeof(o.answer) = 'object' then o.answer->'targets' end)
                as t(endpoint_id)),
     ${sql}
     select fire_answer.outcomes,
            (select coalesce(json_agg(json_build_object(
                      'alertEventId', c.alert_event_id, 'endpointId', c.endpoint_id, 'ref', c.ref)), '[]')
               from ${created} as c) as queued
       from fire_answer`,
    true,
  );
  const answers = answersOf(row?.outcomes, fires.length);
  answers.forEach((answer, i) => {
    const fire = fires[i];
    if (!fire || !isPagedOpening(answer)) return;
    rememberOpening(paging?.freshEvents, {
      eventId: fire.eventId,
      ruleId: fire.ruleId,
      signal: fire.signal,
      at: fire.now,
      rule: {
        state: answer.rule_state,
        name: answer.rule_name,
        type: answer.rule_type,
        showAcknowledgeBtn: answer.show_acknowledge_btn,
      },
      hasBehaviors: false,
    });
  });
  const queued = parseJson(row?.queued);
  if (Array.isArray(queued) && queued.length > 0) outbox.committed(queued as QueuedNotify[]);
  return answers.map((answer, i) => outcomeOf(fires[i], answer));
}

/** The fire as one element of `apply_fires_in_one_statement`'s JSON array; `i` is its 1-based place. */
function batchElement(fire: OneStatementFire, i: number): Record<string, unknown> {
  const { signal } = fire;
  return {
    i,
    rule_id: fire.ruleId,
    fingerprint: signal.fingerprint,
    state: signal.state,
    alertname: signal.alertname,
    instance: signal.instance,
    description: signal.description ?? null,
    summary: signal.summary ?? null,
    labels: signal.labels ?? null,
    details: signal.details ?? null,
    kind: signal.kind,
    payload: signal.payload ?? null,
    fired_at: fire.now,
    unchanged_since: unchangedSince(fire),
    may_open: fire.mayOpen,
    states_as_bad: statesAtLeast(signal.state),
    instance_id: fire.instanceId,
    event_id: fire.eventId,
  };
}

function outcomeOf(fire: OneStatementFire | undefined, answer: OneStatementAnswer): SignalOutcome | null {
  if (!fire || answer === null) return null;
  if (answer === 'repeated') return { type: 'repeated' };
  return { type: 'opened', eventId: fire.eventId };
}

/** The function's answers, one per fire; a missing one is "take the full path". */
function answersOf(outcomes: unknown, count: number): OneStatementAnswer[] {
  const parsed = parseJson(outcomes);
  const list = Array.isArray(parsed) ? (parsed as OneStatementAnswer[]) : [];
  return Array.from({ length: count }, (_, i) => list[i] ?? null);
}

/** pg parses json columns; PGlite and a driver without the type parser may hand back the text. */
function parseJson(value: unknown): unknown {
  return typeof value === 'string' ? JSON.parse(value) : value;
}

function isPagedOpening(answer: OneStatementAnswer): answer is PagedOpening {
  return typeof answer === 'object' && answer !== null;
}

function unchangedSince(fire: OneStatementFire): Date {
  return new Date(fire.now.getTime() - REPEAT_WRITE_INTERVAL_MS);
}
