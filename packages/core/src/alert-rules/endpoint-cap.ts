import type { EntityManager } from '@mikro-orm/core';
import { validationFailed } from '../errors/domain-error';
import { type SqlFragment, selectRows, sql } from '../persistence/sql-fragment';

/**
 * The most endpoints one rule may page, unless the settings say otherwise (`maxEndpointsPerRule`).
 * Every fire of a rule is one send per endpoint, so this bounds what one alert can ask of the
 * delivery lanes at once; teams that need more people paged put them in a flow endpoint.
 */
export const DEFAULT_MAX_ENDPOINTS_PER_RULE = 50;

function tooMany(max: number, field: string) {
  return validationFailed({ [field]: [`An alert rule may page at most ${max} endpoints.`] });
}

/** For a list that replaces a rule's endpoints (create, update). */
export function assertEndpointListFits(
  endpointIds: readonly string[],
  max: number,
  field = 'endpointIds',
): void {
  if (new Set(endpointIds).size > max) throw tooMany(max, field);
}

/**
 * For endpoints added to rules that already have some: refuses (422 at `field`) when any rule the
 * condition `rules` (over `alert_rules r`) matches would page more than `max` endpoints with them.
 * The rules' rows stay locked to the end of the caller's transaction, so two requests adding at the
 * same time cannot both pass the check and together go over.
 */
export async function assertEndpointsFitRules(
  tx: EntityManager,
  rules: SqlFragment,
  endpointIds: readonly string[],
  max: number,
  field: string,
): Promise<void> {
  const added = [...new Set(endpointIds)];
  if (added.length === 0) return;
  // Locked first, counted in a statement of its own: a statement that waited for the lock still
  // reads with the snapshot it started with, which misses what the lock holder just committed.
  await selectRows(tx, sql`select r.id from alert_rules r where ${rules} order by r.id for update of r`);
  const [row] = await selectRows<{ over: number }>(
    tx,
    sql`select count(*)::int as over from alert_rules r
         where ${rules}
           and (select count(*) from (
                  select re.endpoint_id from alert_rule_endpoints re where re.alert_rule_id = r.id
                  union
                  select added.id from unnest(array[${added}]::uuid[]) as added(id)) as paged) > ${max}`,
  );
  if ((row?.over ?? 0) > 0) throw tooMany(max, field);
}
