import type { MikroORM } from '@mikro-orm/core';
import { LRUCache } from 'lru-cache';
import type { SlidingWindowLimiter } from '../auth/rate-limiter';
import { createLoadingCache, HOT_PATH_KEEP_WARM_MS, type Load } from '../caching/loading-cache';
import type { SecretBox } from '../crypto/secret-box';
import type { AlertRuleType } from '../entities/index';
import { rateLimited, unauthenticated } from '../errors/domain-error';
import { freshEventFactsOf } from '../notifications/fresh-event-facts';
import { retryOnDeadlock } from '../persistence/deadlock-retry';
import { isForeignKeyViolation } from '../persistence/foreign-key-violation';
import { createGroupedReader } from '../persistence/grouped-reader';
import { queryRows } from '../persistence/query-rows';
import type { Clock } from '../ports/clock';
import type { Orchestrator } from '../ports/orchestrator';
import type { PreparedStatements } from '../ports/prepared-statements';
import type { AlertSignal, SignalOutcome } from './alert-signal';
import { applySignal } from './apply-signal';
import { autoResolveMinutesOf } from './auto-resolve-minutes';
import { apiFingerprint } from './fingerprint';
import { FireBatcher, type FireBatcherSettings } from './fire-batcher';
import { oneStatementFire } from './fire-in-one-statement';
import type { SignalDeps, SignalRule } from './signal-deps';

/** The body every API-style sender posts (legacy senders add more fields; they are kept as payload). */
export interface ApiAlertInput {
  instance: string;
  alertname?: string;
  description?: string;
  summary?: string;
  job?: string;
}

/** Legacy senders read `{status, message}`; these are the exact strings they compare against. */
export type IngestAnswer =
  | { status: true; message: 'Activated' | 'Already Active' | 'Stopped' | 'Already Stopped' }
  | { status: false; message: 'Alert instance does not exist' }
  | { status: true; isFire: boolean }
  | { status: true };

export interface ApiIngestionDeps {
  orm: MikroORM;
  secretBox: SecretBox;
  orchestrator: Orchestrator;
  clock: Clock;
  /** Per rule token; the product this replaces allowed 60 a minute. */
  limiter: SlidingWindowLimiter;
  /** Bounds of the shared fire statement's queue; unset ones keep the batcher's defaults. */
  fireQueue?: FireBatcherSettings;
  /** Where the database has them, the batched fire statement runs prepared (parsed and planned once). */
  prepared?: PreparedStatements | undefined;
}

/** How long a token's rule is reused: a rotated token or a deleted rule stops working within this. */
const RULE_BY_TOKEN_TTL_MS = 1_000;
/** Token hashes one grouped read takes at most. */
const GROUPED_READ_MAX = 500;

interface TokenRule extends SignalRule {
  id: string;
  type: AlertRuleType;
  /** Whether an endpoint is attached, as read with the rule (at most `RULE_BY_TOKEN_TTL_MS` old). */
  pages: boolean;
  /** Whether the rule has behavior rules, read likewise: its openings always take the full path. */
  hasBehaviors: boolean;
}

/** Instances ingestion has seen exist, kept per process; beyond this many the oldest are forgotten. */
const KNOWN_INSTANCES = 50_000;

/**
 * `fire-alert`, `resolve-alert` / `stop-alert`, `status-alert` and `notification-alert`. Each answer
 * is given only after the transaction holding the alert, its history and its queued pages commits.
 */
export class ApiIngestion {
  /**
   * By the token itself, hashed only on a load: the keyed hash was the largest cost of ours on a
   * repeated fire. Only tokens that found their rule are kept, for a second (a miss is not kept);
   * the token of a rule fired every few seconds is reloaded ahead, with the others due, in one read.
   */
  private readonly ruleByToken: Load<TokenRule>;
  private readonly fires: FireBatcher;
  /**
   * Instances of rules this process has seen fire, by rule and fingerprint. Only a hint: a fire of a
   * paging rule not in it is most likely an opening. Where the one statement would decline that
   * opening (it arms a timer, its rule has behavior rules, or the driver has no outbox to queue its
   * pages in the statement), it goes to the full path at once, a statement earlier. The full path is
   * right for any signal, so a stale or missing entry costs time, never correctness.
   */
  private readonly known = new LRUCache<string, true>({ max: KNOWN_INSTANCES });

  /** What applying a signal needs; an opening that pages leaves its message for the dispatch. */
  private readonly signalDeps: SignalDeps;

  constructor(private readonly deps: ApiIngestionDeps) {
    this.signalDeps = {
      orchestrator: deps.orchestrator,
      clock: deps.clock,
      freshEvents: freshEventFactsOf(deps.orm),
    };
    this.fires = new FireBatcher(
      deps.orm.em,
      deps.fireQueue,
      {
        outbox: () => deps.orchestrator.statementOutbox?.() ?? null,
        freshEvents: this.signalDeps.freshEvents,
      },
      deps.prepared,
    );
    const readRules = createGroupedReader<TokenRule>(
      (tokenHashes) => this.readRules(tokenHashes),
      GROUPED_READ_MAX,
    );
    this.ruleByToken = createLoadingCache({
      load: (token) => readRules(this.deps.secretBox.lookupHash(token)),
      ttlMs: RULE_BY_TOKEN_TTL_MS,
      now: () => performance.now(),
      keepWarmMs: HOT_PATH_KEEP_WARM_MS,
    });
  }

  /**
   * Refuses a token that names no rule of this type (401), before the request's body is read: a
   * bad token is a 401 whatever the body. The rule found is cached, so the call that follows with
   * the body reads no more than a repeat does.
   */
  async authenticate(token: string, type: 'api' | 'notification'): Promise<void> {
    await this.ruleFor(token, type);
  }

  async fire(token: string, input: ApiAlertInput): Promise<IngestAnswer> {
    const outcome = await this.apply(token, 'api', input, 'critical', 'fired');
    return { status: true, message: outcome.type === 'opened' ? 'Activated' : 'Already Active' };
  }

  async resolve(token: string, input: ApiAlertInput): Promise<IngestAnswer> {
    const outcome = await this.apply(token, 'api', input, 'resolved', 'resolved');
    if (outcome.type === 'unknownInstance')
      return { status: false, message: 'Alert instance does not exist' };
    return { status: true, message: outcome.type === 'resolved' ? 'Stopped' : 'Already Stopped' };
  }

  async status(
    token: string,
    input: ApiAlertInput & { status: 'warning' | 'critical' | 'resolved' },
  ): Promise<IngestAnswer> {
    const outcome = await this.apply(
      token,
      'api',
      input,
      input.status,
      input.status === 'resolved' ? 'resolved' : 'status',
    );
    return { status: true, isFire: input.status !== 'resolved' && outcome.type !== 'unknownInstance' };
  }

  async notification(token: string, input: ApiAlertInput): Promise<IngestAnswer> {
    await this.apply(token, 'notification', input, 'triggered', 'triggered');
    return { status: true };
  }

  private async apply(
    token: string,
    type: AlertRuleType,
    input: ApiAlertInput,
    state: AlertSignal['state'],
    kind: AlertSignal['kind'],
  ): Promise<SignalOutcome> {
    const { id: ruleId, autoResolveMinutes, pages, hasBehaviors } = await this.ruleFor(token, type);
    const rule: SignalRule = { autoResolveMinutes };
    const decision = this.deps.limiter.check(ruleId);
    if (!decision.allowed) throw rateLimited(decision.retryAfterMs / 1000, 'Too many alerts for this token.');
    this.deps.limiter.hit(ruleId);
    const signal: AlertSignal = {
      fingerprint: apiFingerprint(input.alertname, input.instance),
      alertname: input.alertname ?? null,
      instance: input.instance,
      state,
      kind,
      description: input.description ?? null,
      summary: input.summary ?? null,
      labels: input.job ? { job: input.job } : null,
    };
    // Repeats of a firing instance and new instances are most of the traffic: one statement each,
    // shared with the fires arriving alongside (`FireBatcher`), unless the engine must see every
    // fire to move a timer (or arm one on opening). An opening's pages are queued in that statement
    // when the engine's outbox takes them there.
    const mayRefresh = rule.autoResolveMinutes === null || !this.deps.orchestrator.needsRepeatedFires;
    const mayOpen = rule.autoResolveMinutes === null;
    const instanceKey = `${ruleId}\n${signal.fingerprint}`;
    const likelyPagingOpening = pages && !this.known.has(instanceKey);
    const openingTakesFullPath =
      likelyPagingOpening && (!mayOpen || hasBehaviors || !this.deps.orchestrator.statementOutbox?.());
    const fire =
      mayRefresh &&
      !openingTakesFullPath &&
      oneStatementFire(this.deps.clock, ruleId, signal, { mayOpen, mayPage: likelyPagingOpening });
    if (fire) {
      const outcome = await this.fires.apply(fire);
      if (outcome) return this.remember(instanceKey, outcome);
    }
    try {
      // Signals lock an instance and then its rule, and a batch of one-statement fires holds several
      // at once; when PostgreSQL breaks a cycle among them by rolling this transaction back whole,
      // the signal is simply applied again.
      const outcome = await retryOnDeadlock(() =>
        this.deps.orm.em.fork().transactional((tx) => applySignal(tx, this.signalDeps, ruleId, signal, rule)),
      );
      return this.remember(instanceKey, outcome);
    } catch (error) {
      // The rule was deleted since its token was looked up (the lookup is cached for a second).
      if (isForeignKeyViolation(error)) throw unauthenticated('Invalid token.');
      throw error;
    }
  }

  /** Notes whether the signal's instance now fires, for the next fire's choice of path. */
  private remember(instanceKey: string, outcome: SignalOutcome): SignalOutcome {
    if (outcome.type === 'opened' || outcome.type === 'repeated' || outcome.type === 'changed') {
      this.known.set(instanceKey, true);
    } else {
      // Resolved or unknown: its next fire reopens it, which the one statement declines as well.
      this.known.delete(instanceKey);
    }
    return outcome;
  }

  /** The rule a token belongs to; a token of another rule type is as invalid as an unknown one. */
  private async ruleFor(token: string, type: AlertRuleType): Promise<TokenRule> {
    const rule = await this.ruleByToken(token);
    if (!rule || rule.type !== type) throw unauthenticated('Invalid token.');
    return rule;
  }

  /** The rules of these token hashes, by hash; a hash no rule has is left out. */
  private async readRules(tokenHashes: readonly string[]): Promise<ReadonlyMap<string, TokenRule>> {
    const rows = await queryRows<{
      id: string;
      token_hash: string;
      type: AlertRuleType;
      settings: Record<string, unknown> | null;
      pages: boolean;
      has_behavior_rules: boolean;
    }>(
      this.deps.orm.em,
      `select r.id, r.token_hash, r.type, r.settings, r.has_behavior_rules,
              (exists (select 1 from alert_rule_endpoints e where e.alert_rule_id = r.id)
               or exists (select 1 from alert_rule_schedule_targets t where t.alert_rule_id = r.id)) as pages
         from alert_rules r where r.token_hash in (?)`,
      [tokenHashes],
    );
    return new Map(
      rows.map((rule) => [
        rule.token_hash,
        {
          id: rule.id,
          type: rule.type,
          autoResolveMinutes: autoResolveMinutesOf(rule.type, rule.settings),
          pages: rule.pages,
          hasBehaviors: rule.has_behavior_rules,
        },
      ]),
    );
  }
}
