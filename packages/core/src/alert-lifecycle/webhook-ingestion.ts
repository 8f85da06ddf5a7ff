import type { MikroORM } from '@mikro-orm/core';
import {
  type AlertReceiver,
  type AnySourceDefinition,
  type AnyWebhookSourceDefinition,
  defaultFingerprint,
  type NormalizedAlert,
  normalizePayload,
  type SourceAlert,
  takesWebhooks,
} from '@oncall/plugin-sdk';
import type { SlidingWindowLimiter } from '../auth/rate-limiter';
import type { SecretBox } from '../crypto/secret-box';
import { notFound, rateLimited, unauthenticated, validationFailed } from '../errors/domain-error';
import { retryOnDeadlock } from '../persistence/deadlock-retry';
import { queryRows } from '../persistence/query-rows';
import { matchesRule, type RuleSettings } from '../plugins/match-rule';
import type { PluginRegistry } from '../plugins/plugin-registry';
import type { Clock } from '../ports/clock';
import type { Orchestrator } from '../ports/orchestrator';
import type { AlertSignal } from './alert-signal';
import { applySignal } from './apply-signal';
import { type RuleSignal, withBatchFacts } from './batch-facts';
import { signalOfAlert } from './source-alert-signal';
import { refusedAlerts, type SortedBatch, sortOutUnstorable } from './unstorable-alerts';

export interface WebhookIngestionDeps {
  orm: MikroORM;
  secretBox: SecretBox;
  orchestrator: Orchestrator;
  clock: Clock;
  /** The source plugins; those that take webhooks (`grafana`, `zabbix`, …) are served here. */
  plugins: Pick<PluginRegistry, 'webhookDataSourceTypes' | 'sourceFor'>;
  /** Per data source token. */
  limiter: SlidingWindowLimiter;
}

/** A data source whose token `admit` accepted. */
export interface WebhookSource {
  readonly id: string;
  readonly type: string;
  readonly plugin: AnyWebhookSourceDefinition;
}

export interface WebhookAnswer {
  status: true;
  /** Alerts in the payload, and how many rule matches they made. */
  alerts: number;
  matched: number;
}

/**
 * A monitoring system's own payload, posted to `/{type}-alert/{token}`: the token names a data
 * source of that type; each alert in the payload applies to every rule that lists the data source
 * and whose filters match it. The whole payload is one transaction: a 2xx means all of it is stored.
 * A batch's alert whose text cannot be stored is refused alone, and the answer is then a 422.
 */
export class WebhookIngestion {
  constructor(private readonly deps: WebhookIngestionDeps) {}

  types(): string[] {
    return [...this.deps.plugins.webhookDataSourceTypes];
  }

  /** The other wires the type's plugin takes alerts on (its `receivers`), none for a type without. */
  receivers(type: string): readonly AlertReceiver[] {
    const plugin = this.deps.plugins.sourceFor(type);
    return plugin && takesWebhooks(plugin) ? (plugin.receivers ?? []) : [];
  }

  /**
   * The data source a webhook token names, counted against its rate limit: 401 when no source of
   * this type has the token, 429 over the limit. Called before the body is read, so a bad token is
   * a 401 whatever the body; `receive` then takes the source it answers.
   */
  async admit(type: string, token: string): Promise<WebhookSource> {
    const plugin = this.deps.plugins.sourceFor(type);
    if (!plugin || !takesWebhooks(plugin)) throw notFound('Source');
    const [source] = await queryRows<{ id: string }>(
      this.deps.orm.em,
      'select id from data_sources where token_hash = ? and type = ?',
      [this.deps.secretBox.lookupHash(token), type],
    );
    if (!source) throw unauthenticated('Invalid token.');
    const decision = this.deps.limiter.check(source.id);
    if (!decision.allowed) throw rateLimited(decision.retryAfterMs / 1000, 'Too many alerts for this token.');
    this.deps.limiter.hit(source.id);
    return { id: source.id, type, plugin };
  }

  /**
   * As `admit`, for one of the type's receivers (`{webhook URL}{receiver.path}`): 404 when the
   * type's plugin does not declare that receiver.
   */
  async admitVia(type: string, receiver: AlertReceiver, token: string): Promise<WebhookSource> {
    if (!this.receivers(type).includes(receiver)) throw notFound('Source');
    return this.admit(type, token);
  }

  /**
   * Applies a payload posted with the token `admit` took; what is applied is one transaction. An
   * alert of a batch (the plugin's `batchField`) whose text cannot be stored is refused alone: the
   * others are applied, then the answer is a 422 naming the refused ones (see `refusedAlerts`).
   */
  async receive(admitted: WebhookSource, payload: unknown): Promise<WebhookAnswer> {
    const { plugin } = admitted;
    const batch = sortOutUnstorable(payload, plugin.batchField);
    const outcome = normalizePayload(plugin, batch.payload);
    if (!outcome.ok) {
      throw validationFailed(
        {
          ...bodyErrors(outcome.issues.map((issue) => ({ ...issue, path: batch.pathAsSent(issue.path) }))),
          ...batch.refused,
        },
        `The payload is not a valid ${plugin.displayName} alert.`,
      );
    }
    const signals = outcome.alerts.map((alert) => signalOfAlert(alert));
    return this.applyKept(admitted, batch, signals, outcome.alerts);
  }

  /**
   * Applies a body posted to one of the plugin's receivers (its `receivers`), with the token
   * `admitVia` took: the receiver reads each alert into the plugin's own payload and says when it
   * stops firing unless sent again; the plugin normalizes it as it would its own webhook's. An alert
   * whose text cannot be stored is refused alone, as on the source's own path.
   */
  async receiveVia(admitted: WebhookSource, receiver: AlertReceiver, body: unknown): Promise<WebhookAnswer> {
    const batch = sortOutUnstorable(body, receiver.batchField);
    const read = receiver.read(batch.payload, this.deps.clock.now());
    if (!read.ok) {
      throw validationFailed(
        {
          ...bodyErrors(read.issues.map((issue) => ({ ...issue, path: batch.pathAsSent(issue.path) }))),
          ...batch.refused,
        },
        receiver.refusal,
      );
    }
    const alerts: NormalizedAlert[] = [];
    const signals: AlertSignal[] = [];
    for (const { payload, expiresAt } of read.alerts) {
      const outcome = normalizePayload(admitted.plugin, payload);
      if (!outcome.ok) {
        // The plugin's schema refused what its own receiver built from a valid body: a plugin bug.
        throw new Error(`The ${admitted.type} plugin refused an alert its receiver ${receiver.path} read.`);
      }
      for (const normalized of outcome.alerts) {
        alerts.push(normalized);
        const signal = signalOfAlert(normalized);
        signals.push(signal.kind === 'fired' && expiresAt ? { ...signal, expiresAt } : signal);
      }
    }
    return this.applyKept(admitted, batch, signals, alerts);
  }

  /**
   * Applies what a poll of the data source found (its plugin's `pollAlerts`): each alert listed
   * fires (or stays firing in) every listening rule it matches, as a webhook alert would, and an
   * instance this source's polls fired that is no longer listed resolves, in one transaction.
   * Instances are keyed as the source's webhooks key them (its plugin's fingerprint), so an alert both pushed and polled is one instance; those the polls opened carry
   * `details.polledFrom`, and only those are resolved by a poll.
   */
  async applyPolled(
    admitted: Omit<WebhookSource, 'plugin'> & { plugin: AnySourceDefinition },
    listed: readonly SourceAlert[],
  ): Promise<{ alerts: number; matched: number; resolved: number }> {
    const alerts = listed
      .filter((alert) => alert.status === 'firing')
      .map(
        (alert): NormalizedAlert => ({
          ...alert,
          fingerprint: alert.fingerprint ?? defaultFingerprint(alert),
        }),
      );
    const listening = await this.listeningRules(admitted);
    const fires: RuleSignal[] = [];
    const firingNow = new Map<string, Set<string>>();
    for (const alert of alerts) {
      const fired = signalOfAlert(alert);
      const signal = { ...fired, details: { ...fired.details, polledFrom: admitted.id } };
      for (const rule of listening) {
        if (!matchesRule(alert, rule.settings, admitted.plugin)) continue;
        fires.push({ ruleId: rule.id, signal });
        const seen = firingNow.get(rule.id) ?? new Set<string>();
        seen.add(signal.fingerprint);
        firingNow.set(rule.id, seen);
      }
    }
    return retryOnDeadlock(() =>
      this.deps.orm.em.fork().transactional(async (tx) => {
        // Read before the fires are applied: a fire only makes firing what it lists, which the
        // stale instances never are, so the read sees what it would after them.
        const stale =
          listening.length === 0
            ? []
            : await queryRows<{
                rule_id: string;
                fingerprint: string;
                alertname: string | null;
                instance: string;
              }>(
                tx,
                `select rule_id, fingerprint, alertname, instance from alert_instances
                  where rule_id in (?) and state in ('critical', 'warning') and details->>'polledFrom' = ?
                  order by rule_id, fingerprint`,
                [listening.map((rule) => rule.id), admitted.id],
              );
        const resolves: RuleSignal[] = stale
          .filter((row) => !firingNow.get(row.rule_id)?.has(row.fingerprint))
          .map((row) => ({
            ruleId: row.rule_id,
            signal: {
              fingerprint: row.fingerprint,
              alertname: row.alertname,
              instance: row.instance,
              state: 'resolved',
              kind: 'resolved',
              description: NO_LONGER_LISTED,
            },
          }));
        for (const { ruleId, signal } of withBatchFacts([...fires, ...resolves], admitted.id)) {
          await applySignal(tx, this.deps, ruleId, signal);
        }
        return { alerts: alerts.length, matched: fires.length, resolved: resolves.length };
      }),
    );
  }

  /**
   * The rules a data source's alerts go to: the rules of its type that list it, or list no data
   * source (only rule types whose fields allow an empty list, such as dynamic rules, can store
   * one), but not text-query rules, which the service evaluates itself.
   */
  async listeningRules(
    source: Pick<WebhookSource, 'id' | 'type'>,
  ): Promise<{ id: string; settings: RuleSettings }[]> {
    const rules = await queryRows<{ id: string; settings: RuleSettings & { queryType?: string } }>(
      this.deps.orm.em,
      `select r.id, r.settings from alert_rules r
        where r.type = ?
          and (exists (select 1 from alert_rule_data_sources d
                        where d.alert_rule_id = r.id and d.data_source_id = ?)
               or not exists (select 1 from alert_rule_data_sources d where d.alert_rule_id = r.id))
        order by r.id`,
      [source.type, source.id],
    );
    return rules.filter((r) => r.settings.queryType !== 'textQuery');
  }

  /**
   * Applies what a batch kept; when some of its alerts were refused, answers the 422 that names
   * them only once the others are stored.
   */
  private async applyKept(
    admitted: WebhookSource,
    batch: SortedBatch,
    signals: readonly AlertSignal[],
    alerts: readonly NormalizedAlert[],
  ): Promise<WebhookAnswer> {
    if (batch.refusedCount === 0) return this.apply(admitted, signals, alerts);
    if (alerts.length > 0) await this.apply(admitted, signals, alerts);
    throw refusedAlerts(batch);
  }

  /** `signals[i]` is what `alerts[i]` says; every alert goes to each listening rule it matches. */
  private async apply(
    admitted: WebhookSource,
    signals: readonly AlertSignal[],
    alerts: readonly NormalizedAlert[],
  ): Promise<WebhookAnswer> {
    const { plugin } = admitted;
    const listening = await this.listeningRules(admitted);
    const matches: RuleSignal[] = [];
    for (const [index, alert] of alerts.entries()) {
      const signal = signals[index];
      if (!signal) continue;
      for (const rule of listening) {
        if (matchesRule(alert, rule.settings, plugin)) matches.push({ ruleId: rule.id, signal });
      }
    }
    const applied = withBatchFacts(matches, admitted.id);
    // A payload's alerts lock instances and rules in payload order, so concurrent payloads (and API
    // signals) can deadlock; PostgreSQL rolls the victim back whole, and the payload is applied again.
    await retryOnDeadlock(() =>
      this.deps.orm.em.fork().transactional(async (tx) => {
        for (const { ruleId, signal } of applied) await applySignal(tx, this.deps, ruleId, signal);
      }),
    );
    return { status: true, alerts: alerts.length, matched: applied.length };
  }
}

/** The description of an instance resolved because its source's polls stopped listing it. */
export const NO_LONGER_LISTED = 'Resolved: the data source no longer lists it';

/** Issues at their body paths (`body.0.labels.alertname`), as validation errors are keyed. */
function bodyErrors(issues: readonly { path: string; message: string }[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = issue.path ? `body.${issue.path}` : 'body';
    errors[key] = [...(errors[key] ?? []), issue.message];
  }
  return errors;
}
