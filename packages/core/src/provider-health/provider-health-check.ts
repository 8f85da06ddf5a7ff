import type { MikroORM } from '@mikro-orm/core';
import type { AlertSignal } from '../alert-lifecycle/alert-signal';
import { applySignal } from '../alert-lifecycle/apply-signal';
import type { SignalDeps } from '../alert-lifecycle/signal-deps';
import type { SecretBox } from '../crypto/secret-box';
import { queryRows } from '../persistence/query-rows';
import {
  MAX_PROVIDER_FAILING_ATTEMPTS,
  type ProviderConfigRun,
  type ProviderFailingThreshold,
  planProviderHealth,
  providerHealthFingerprint,
  providerHealthResolved,
} from './provider-health';
import { PROVIDER_HEALTH_SETTING, providerHealthRuleId } from './provider-health-rule';

export interface ProviderHealthCheckDeps extends SignalDeps {
  orm: MikroORM;
  secretBox: SecretBox;
  threshold: ProviderFailingThreshold;
  maxEndpointsPerRule: number;
}

interface RunRow {
  id: string;
  kind: string;
  name: string;
  failed: number | string;
  since: Date | string | null;
  last: Date | string | null;
  last_error: string | null;
}

/**
 * Every provider config's failed run: its latest attempts (at most the cap, newest first, by the
 * `(provider_config_id, created_at)` index) up to its last delivered one. Read from the delivery
 * log both engines write, so neither driver's send path does anything for it.
 */
const RUNS_SQL = `
  select c.id::text as id, c.kind, c.name, f.failed, f.since, f.last, f.last_error
    from provider_configs c
    cross join lateral (
      select count(*) as failed, min(t.created_at) as since, max(t.created_at) as last,
             (array_agg(t.error order by t.created_at desc))[1] as last_error
        from (select a.created_at, a.error,
                     bool_or(a.outcome = 'delivered') over (order by a.created_at desc, a.id) as reached_ok
                from (select d.created_at, d.error, d.outcome, d.id from delivery_attempts d
                       where d.provider_config_id = c.id::text
                       order by d.created_at desc, d.id desc limit ${MAX_PROVIDER_FAILING_ATTEMPTS}) a) t
       where not t.reached_ok
    ) f
   order by c.id`;

/**
 * The rule-independent admin alert of a provider config that keeps failing: each pass reads every
 * config's failed run from the delivery log, fires the config's alert on the provider-health rule
 * (`providerHealthRuleId`) when it crosses the threshold, and resolves it when the config delivers
 * again or is deleted. Alerts go through `applySignal`, so the instance lock keeps two engine
 * processes running passes side by side from paging twice. Passes run where the engine's work runs.
 */
export class ProviderHealthCheck {
  constructor(private readonly deps: ProviderHealthCheckDeps) {}

  /** One pass; says how many alerts it fired or resolved. */
  async runPass(): Promise<number> {
    const em = this.deps.orm.em.fork();
    const runs = (await queryRows<RunRow>(em, RUNS_SQL)).map(runOf);
    const firing = await this.firingConfigIds();
    const signals: AlertSignal[] = [];
    for (const run of runs) {
      const signal = planProviderHealth(run, firing.has(run.id), this.deps.threshold);
      if (signal) signals.push(signal);
    }
    const present = new Set(runs.map((run) => run.id));
    for (const id of firing) {
      if (!present.has(id)) signals.push(providerHealthResolved(id, 'the provider config was deleted'));
    }
    for (const signal of signals) {
      await this.deps.orm.em.fork().transactional(async (tx) => {
        const ruleId = await providerHealthRuleId(tx, {
          secretBox: this.deps.secretBox,
          maxEndpoints: this.deps.maxEndpointsPerRule,
        });
        if (ruleId !== null) await applySignal(tx, this.deps, ruleId, signal);
      });
    }
    return signals.length;
  }

  /** The configs whose alert is firing now, by the fingerprints of the rule's firing instances. */
  private async firingConfigIds(): Promise<Set<string>> {
    const prefix = providerHealthFingerprint('');
    const rows = await queryRows<{ fingerprint: string }>(
      this.deps.orm.em.fork(),
      `select i.fingerprint from alert_instances i
         join system_settings s on s.key = ? and i.rule_id::text = s.value->>'ruleId'
        where i.state in ('warning', 'critical') and i.fingerprint like ?`,
      [PROVIDER_HEALTH_SETTING, `${prefix}%`],
    );
    return new Set(rows.map((row) => row.fingerprint.slice(prefix.length)));
  }
}

function runOf(row: RunRow): ProviderConfigRun {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    failed: Number(row.failed),
    since: row.since === null ? null : new Date(row.since),
    last: row.last === null ? null : new Date(row.last),
    lastError: row.last_error,
  };
}
