import type { EntityManager } from '@mikro-orm/core';
import type { AlertEventKind } from '../entities/alert-event.entity';
import type { AlertState } from '../entities/alert-rule.entity';
import type { DeliveryAttemptOutcome } from '../entities/delivery-attempt.entity';
import { queryRows } from '../persistence/query-rows';
import { encodeLiveCursor, LAST_ID, type LiveCursor, type LiveSource, tableBound } from './live-cursor';
import type { LiveEvent } from './live-event';

export interface LiveEventPage {
  events: LiveEvent[];
  /** Where the next page starts: past every row read, those not worth sending included. */
  cursor: LiveCursor;
  /** Fewer rows than asked for: everything committed so far has been read. */
  complete: boolean;
}

interface LiveRow {
  txid: string;
  source: LiveSource;
  id: string;
  rule_id: string | null;
  instance_id: string | null;
  episode_id: string | null;
  kind: AlertEventKind | null;
  state: AlertState | null;
  rule_state: AlertState | null;
  created_at: Date | string;
  alert_event_id: string | null;
  endpoint_id: string | null;
  outcome: DeliveryAttemptOutcome | null;
  attempt: number | null;
  latency_ms: number | null;
}

/**
 * The oldest transaction of this database still running as the statement's snapshot was taken (or
 * the first not yet begun): rows of transactions below it are all visible or will never be. The
 * snapshot's own `xmin` would do, but it counts transactions of every database of the cluster, so
 * a long one elsewhere would hold the feed back; a running transaction is passed over only when a
 * session of another database shows it. One that ends before that is read counts as this
 * database's: the feed waits one read more, never skips a row.
 */
const HORIZON = `(select coalesce(min(running.xid), pg_snapshot_xmax(pg_current_snapshot()))
     from pg_snapshot_xip(pg_current_snapshot()) as running(xid)
    where xid(running.xid) not in (
      select a.backend_xid from pg_stat_activity a
       where a.backend_xid is not null
         and a.datid <> (select d.oid from pg_database d where d.datname = current_database())))`;

/**
 * Alert events, then the delivery attempts of alert events, after the cursor in commit order, of
 * transactions older than the oldest one still running here (which may yet commit rows below it). Each
 * table is read through its `(txid, id)` index; rows without a rule to show (a test event, an
 * attempt for a one-time code or for a pruned event) move the cursor but are not sent.
 */
export async function readLiveEvents(
  em: EntityManager,
  after: LiveCursor,
  limit: number,
): Promise<LiveEventPage> {
  const alerts = tableBound(after, 'a');
  const deliveries = tableBound(after, 'd');
  const rows = await queryRows<LiveRow>(
    em,
    `with horizon as materialized (select ${HORIZON} as txid)
    select * from (
      (select e.txid::text as txid, 'a' as source, e.id::text as id, e.rule_id::text as rule_id,
              e.instance_id::text as instance_id, e.episode_id::text as episode_id, e.kind, e.state,
              e.rule_state, e.created_at, null::text as alert_event_id, null::text as endpoint_id,
              null::text as outcome, null::int as attempt, null::int as latency_ms
         from alert_events e
        where (e.txid, e.id) > (?::xid8, ?::uuid) and e.txid < (select txid from horizon)
        order by e.txid, e.id limit ?)
      union all
      (select d.txid::text, 'd', d.id::text, e.rule_id::text, e.instance_id::text, e.episode_id::text,
              e.kind, e.state, e.rule_state, d.created_at, d.alert_event_id, d.endpoint_id, d.outcome,
              d.attempt, d.latency_ms
         from delivery_attempts d
         left join alert_events e
           on e.id = case when d.alert_event_id ~ '^[0-9a-f-]{36}$' then d.alert_event_id::uuid end
        where (d.txid, d.id) > (?::xid8, ?::uuid) and d.txid < (select txid from horizon)
        order by d.txid, d.id limit ?)
    ) as page order by txid::xid8, source, id::uuid limit ?`,
    [alerts.txid, alerts.id, limit, deliveries.txid, deliveries.id, limit, limit],
  );
  const last = rows.at(-1);
  return {
    events: rows.flatMap((row) => {
      const event = toLiveEvent(row);
      return event ? [event] : [];
    }),
    cursor: last ? { txid: last.txid, source: last.source, id: last.id } : after,
    complete: rows.length < limit,
  };
}

/**
 * The cursor just past everything committed so far: below the oldest running transaction, all of
 * its transaction ids included. A feed that starts here sends only what commits from now on.
 */
export async function readLiveHead(em: EntityManager): Promise<LiveCursor> {
  const [row] = await queryRows<{ txid: string }>(em, `select (${HORIZON}::text::numeric - 1)::text as txid`);
  return { txid: row?.txid ?? '0', source: 'd', id: LAST_ID };
}

function toLiveEvent(row: LiveRow): LiveEvent | null {
  if (row.rule_id === null || row.kind === null || row.kind === 'test' || row.rule_state === null) {
    return null;
  }
  const base = {
    id: encodeLiveCursor({ txid: row.txid, source: row.source, id: row.id }),
    ruleId: row.rule_id,
    instanceId: row.instance_id,
    episodeId: row.episode_id,
    change: row.kind,
    state: row.state,
    ruleState: row.rule_state,
    at: new Date(row.created_at).toISOString(),
  };
  if (row.source === 'a') return { ...base, kind: 'alert' };
  if (row.alert_event_id === null || row.outcome === null || row.attempt === null) return null;
  return {
    ...base,
    kind: 'delivery',
    alertEventId: row.alert_event_id,
    endpointId: row.endpoint_id,
    outcome: row.outcome,
    attempt: row.attempt,
    latencyMs: row.latency_ms,
  };
}
