import type { EntityManager } from '@mikro-orm/core';
import type { DeliveryAttemptOutcome } from '../entities/delivery-attempt.entity';
import type { FlowStep } from '../entities/endpoint.entity';
import { queryRows } from '../persistence/query-rows';
import { type NextEscalation, nextEscalation, type PagedFlow } from './escalation-schedule';
import { fromJson, type Json } from './json-column';
import { type PageStatus, pageKey, pageStatuses } from './page-status';

/** What the Now page shows beside a firing instance about its pages. */
export interface FiringPages {
  pages: PageStatus[];
  /** The next step of a flow still waiting to page; null when none is (or the instance is acknowledged). */
  nextEscalation: NextEscalation | null;
}

export interface FiringPagesFor {
  episodeId: string;
  ruleId: string;
  acknowledged: boolean;
}

interface AttemptRow {
  episode_id: string;
  delivery: string;
  endpoint_id: string | null;
  endpoint_name: string | null;
  channel: string | null;
  provider_config_id: string;
  outcome: DeliveryAttemptOutcome;
  created_at: Date | string;
}

/**
 * The pages of each episode's events (its opening fire, refires, worsening changes) and, for an
 * unacknowledged one, the next step of the flows its rule pages. Three reads for a whole page of
 * instances, whatever its size.
 */
export async function firingPages(
  em: EntityManager,
  instances: readonly FiringPagesFor[],
  now: Date,
): Promise<Map<string, FiringPages>> {
  const result = new Map<string, FiringPages>();
  if (instances.length === 0) return result;
  const episodeIds = [...new Set(instances.map((i) => i.episodeId))];
  const ruleIds = [...new Set(instances.map((i) => i.ruleId))];
  const [attempts, starts, flows, undeliverable] = await Promise.all([
    queryRows<AttemptRow>(
      em,
      `select coalesce(e.episode_id, e.id)::text as episode_id,
              regexp_replace(d.idempotency_key, ':[^:]*:[^:]*$', '') as delivery,
              d.endpoint_id, en.name as endpoint_name, en.type as channel,
              d.provider_config_id, d.outcome, d.created_at
         from alert_events e
         join delivery_attempts d on d.alert_event_id = e.id::text
         left join endpoints en on en.id::text = d.endpoint_id
        where (e.episode_id in (?) or e.id in (?))
        order by d.created_at, d.attempt, d.id`,
      [episodeIds, episodeIds],
    ),
    queryRows<{ episode_id: string; created_at: Date | string }>(
      em,
      `select coalesce(e.episode_id, e.id)::text as episode_id, e.created_at from alert_events e
        where (e.episode_id in (?) or e.id in (?)) and e.kind in ('fired', 'refired', 'status')`,
      [episodeIds, episodeIds],
    ),
    queryRows<{ rule_id: string; id: string; name: string; steps: Json<FlowStep[]> }>(
      em,
      `select re.alert_rule_id::text as rule_id, e.id::text as id, e.name, e.steps
         from alert_rule_endpoints re join endpoints e on e.id = re.endpoint_id
        where re.alert_rule_id in (?) and e.type = 'flow'
          and not exists (select 1 from alert_rule_silences s
                           where s.alert_rule_id = re.alert_rule_id and s.user_id = e.owner_id)`,
      [ruleIds],
    ),
    queryRows<{ alert_event_id: string; endpoint_id: string }>(
      em,
      `select u.alert_event_id, u.endpoint_id from undeliverable_pages u
        where u.alert_event_id in (select e.id::text from alert_events e
                                    where e.episode_id in (?) or e.id in (?))`,
      [episodeIds, episodeIds],
    ),
  ]);
  const undeliverableKeys = new Set(undeliverable.map((row) => pageKey(row.alert_event_id, row.endpoint_id)));
  const attemptsOf = groupBy(attempts, (row) => row.episode_id);
  const startsOf = groupBy(starts, (row) => row.episode_id);
  const flowsOf = groupBy(flows, (row) => row.rule_id);
  for (const instance of instances) {
    const pages = pageStatuses(
      (attemptsOf.get(instance.episodeId) ?? []).map((row) => ({
        delivery: row.delivery,
        endpointId: row.endpoint_id,
        endpointName: row.endpoint_name,
        channel: row.channel,
        providerConfigId: row.provider_config_id,
        outcome: row.outcome,
        createdAt: new Date(row.created_at),
      })),
      undeliverableKeys,
    );
    const pagedFlows: PagedFlow[] = (flowsOf.get(instance.ruleId) ?? []).map((row) => ({
      id: row.id,
      name: row.name,
      steps: fromJson(row.steps) ?? [],
    }));
    const next = instance.acknowledged
      ? null
      : nextEscalation(
          (startsOf.get(instance.episodeId) ?? []).map((row) => new Date(row.created_at)),
          pagedFlows,
          now,
        );
    result.set(instance.episodeId, { pages, nextEscalation: next });
  }
  return result;
}

function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const list = groups.get(key(row));
    if (list) list.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}
