import type { EntityManager, MikroORM } from '@mikro-orm/core';
import { createLoadingCache, HOT_PATH_KEEP_WARM_MS } from '../caching/loading-cache';
import { isId } from '../entities/new-id';
import { createGroupedReader } from '../persistence/grouped-reader';
import { queryRows } from '../persistence/query-rows';
import { freshEventFactsOf } from './fresh-event-facts';

/** One instance an alert event speaks of, with the labels its group key is read from. */
export interface GroupedInstance {
  readonly instanceId: string;
  readonly labels: Readonly<Record<string, string>>;
}

/**
 * What grouping needs of an alert event: its rule and settings (milliseconds, the instance default
 * applied), and what it did to which instances. An opening or a resolve names its instance; an
 * acknowledgement every instance it acknowledged.
 */
export interface GroupedEvent {
  readonly ruleId: string;
  readonly change: 'opened' | 'resolved' | 'acknowledged';
  readonly instances: readonly GroupedInstance[];
  readonly groupBy: readonly string[];
  readonly groupIntervalMs: number;
  readonly repeatIntervalMs: number;
}

/** A window's row: which rule, endpoint and group it is of. */
export interface GroupWindowRef {
  readonly windowKey: string;
  readonly ruleId: string;
  readonly endpointId: string;
  readonly groupKey: string;
}

/** What a change leaves in the window: the decider's state and when the window is due next. */
export interface GroupWindowChange<T> {
  readonly state: object;
  readonly dueAt: Date | null;
  readonly result: T;
}

/**
 * The group windows (`notification_groups`), the engine's `GroupWindows` port. A change runs in a
 * transaction holding the window's row lock, so two dispatches of one window decide one after the
 * other; whatever the change queues in that transaction (`tx`) commits with the state, or neither
 * does. Due windows are claimed with `for update skip locked`: a window another process is flushing
 * is skipped, never sent twice.
 */
export interface GroupWindowStore {
  /** Null for an event grouping leaves alone: no instance, a test, or a rule that groups nothing. */
  eventOf(alertEventId: string): Promise<GroupedEvent | null>;
  change<T>(
    window: GroupWindowRef,
    decide: (state: unknown, tx: EntityManager) => Promise<GroupWindowChange<T>>,
  ): Promise<T>;
  /** Claims up to `limit` windows due at `now` and changes each; answers how many it claimed. */
  flushDue(
    now: Date,
    limit: number,
    decide: (window: GroupWindowRef, state: unknown, tx: EntityManager) => Promise<GroupWindowChange<void>>,
  ): Promise<number>;
}

export interface GroupWindowStoreOptions {
  /**
   * The group interval of rules that set none (`ALERT_GROUP_INTERVAL_SECONDS`). Absent: 0, every
   * instance pages on its own unless its rule says otherwise.
   */
  readonly defaultGroupIntervalSeconds?: number;
}

interface EventRow {
  kind: string;
  rule_id: string;
  instance_id: string | null;
  labels: Record<string, string> | string | null;
  group_interval_seconds: number | null;
  group_by: string[];
  repeat_interval_seconds: number;
  acknowledged: Array<{ id: string; labels: Record<string, string> | null }> | string | null;
}

interface WindowRow {
  window_key: string;
  rule_id: string;
  endpoint_id: string;
  group_key: string;
  state: unknown;
}

/** Events one grouped read takes at most. */
const GROUPED_READ_MAX = 500;
/** How long a rule's grouping settings are reused for its fresh openings: as long as a route. */
const RULE_SETTINGS_TTL_MS = 2_000;

const CHANGES: Readonly<Record<string, GroupedEvent['change']>> = {
  fired: 'opened',
  refired: 'opened',
  status: 'opened',
  triggered: 'opened',
  resolved: 'resolved',
  auto_resolved: 'resolved',
  acknowledged: 'acknowledged',
};

/** The group windows over the application database; see `GroupWindowStore`. */
export function createGroupWindowStore(
  orm: MikroORM,
  options: GroupWindowStoreOptions = {},
): GroupWindowStore {
  const defaultSeconds = options.defaultGroupIntervalSeconds ?? 0;
  const write = async (tx: EntityManager, windowKey: string, change: GroupWindowChange<unknown>) => {
    await tx
      .getConnection()
      .execute(
        'update notification_groups set state = ?, due_at = ?, updated_at = now() where window_key = ?',
        [JSON.stringify(change.state), change.dueAt, windowKey],
        'run',
        tx.getTransactionContext(),
      );
  };
  // Every notify asks it (a lane's storm, hundreds a second): events asked while a read is in
  // flight are read together. An acknowledgement is a rule event: the instances it acknowledged
  // carry its timestamp.
  const readEvent = createGroupedReader<EventRow>(async (ids) => {
    const rows = await queryRows<EventRow & { id: string }>(
      orm.em.fork(),
      `select e.id, e.kind, e.rule_id, e.instance_id, i.labels, r.group_interval_seconds, r.group_by,
              r.repeat_interval_seconds,
              case when e.kind = 'acknowledged' then
                (select coalesce(json_agg(json_build_object('id', a.id, 'labels', a.labels)), '[]')
                   from alert_instances a where a.rule_id = e.rule_id and a.acknowledged_at = e.created_at)
              end as acknowledged
         from alert_events e join alert_rules r on r.id = e.rule_id
         left join alert_instances i on i.id = e.instance_id
        where e.id in (?)`,
      [ids],
    );
    return new Map(rows.map((row) => [row.id, row]));
  }, GROUPED_READ_MAX);
  // Most rules group nothing, and every page of theirs asks. For an opening this process has just
  // recorded the rule is known without the event's read, and whether it groups is reused as a route
  // is: a rule set to group pages its next instances on their own for up to 2 s, never fewer.
  const fresh = freshEventFactsOf(orm);
  const readGroupsNothing = createGroupedReader<boolean>(async (ruleIds) => {
    const rows = await queryRows<{ id: string; groups_nothing: boolean }>(
      orm.em.fork(),
      `select id, coalesce(group_interval_seconds, ?) = 0 and repeat_interval_seconds = 0 as groups_nothing
         from alert_rules where id in (?)`,
      [defaultSeconds, ruleIds],
    );
    return new Map(rows.map((row) => [row.id, row.groups_nothing]));
  }, GROUPED_READ_MAX);
  const ruleGroupsNothing = createLoadingCache({
    load: async (ruleId: string) => (isId(ruleId) ? readGroupsNothing(ruleId) : null),
    ttlMs: RULE_SETTINGS_TTL_MS,
    now: () => performance.now(),
    keepWarmMs: HOT_PATH_KEEP_WARM_MS,
  });
  return {
    async eventOf(alertEventId) {
      if (!isId(alertEventId)) return null;
      const recorded = fresh.recall(alertEventId);
      if (recorded !== undefined && (await ruleGroupsNothing(recorded.rule_id)) === true) return null;
      const row = await readEvent(alertEventId);
      const change = row ? CHANGES[row.kind] : undefined;
      if (row === null || change === undefined) return null;
      const groupIntervalMs = (row.group_interval_seconds ?? defaultSeconds) * 1000;
      const repeatIntervalMs = row.repeat_interval_seconds * 1000;
      if (groupIntervalMs === 0 && repeatIntervalMs === 0) return null;
      const instances =
        change === 'acknowledged'
          ? (jsonOf(row.acknowledged) ?? []).map((a) => ({ instanceId: a.id, labels: a.labels ?? {} }))
          : row.instance_id === null
            ? []
            : [{ instanceId: row.instance_id, labels: jsonOf(row.labels) ?? {} }];
      if (instances.length === 0) return null;
      return {
        ruleId: row.rule_id,
        change,
        instances,
        groupBy: row.group_by,
        groupIntervalMs,
        repeatIntervalMs,
      };
    },
    change: (window, decide) =>
      orm.em.fork().transactional(async (tx) => {
        const connection = tx.getConnection();
        const context = tx.getTransactionContext();
        // A new window's row exists before it is locked, so its first two events queue on the lock.
        await connection.execute(
          `insert into notification_groups (window_key, rule_id, endpoint_id, group_key, state, updated_at)
           values (?, ?, ?, ?, 'null', now()) on conflict (window_key) do nothing`,
          [window.windowKey, window.ruleId, window.endpointId, window.groupKey],
          'run',
          context,
        );
        const [row] = await queryRows<WindowRow>(
          tx,
          'select state from notification_groups where window_key = ? for update',
          [window.windowKey],
        );
        const outcome = await decide(jsonOf(row?.state ?? null), tx);
        await write(tx, window.windowKey, outcome);
        return outcome.result;
      }),
    flushDue: (now, limit, decide) =>
      orm.em.fork().transactional(async (tx) => {
        const rows = await queryRows<WindowRow>(
          tx,
          `select window_key, rule_id, endpoint_id, group_key, state from notification_groups
            where due_at <= ? order by due_at limit ? for update skip locked`,
          [now, limit],
        );
        for (const row of rows) {
          const window = {
            windowKey: row.window_key,
            ruleId: row.rule_id,
            endpointId: row.endpoint_id,
            groupKey: row.group_key,
          };
          await write(tx, row.window_key, await decide(window, jsonOf(row.state), tx));
        }
        return rows.length;
      }),
  };
}

// JSON columns arrive parsed from node-postgres and as text from some drivers; accept both.
function jsonOf<T>(value: T | string | null): T | null {
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
}
