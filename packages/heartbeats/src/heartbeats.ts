import type { MikroORM } from '@mikro-orm/core';
import {
  type Actor,
  applySignal,
  type Clock,
  type Core,
  forbidden,
  newId,
  notFound,
  type Orchestrator,
  type PluginRegistry,
  type PreparedStatements,
  rateLimited,
  type SecretBox,
  type SignalDeps,
  type SlidingWindowLimiter,
  standingOnRule,
} from '@oncall/core';
import { isForeignKeyViolation, queryRows, runStatement } from '@oncall/core/persistence';
import { fireDownHeartbeats, markLateHeartbeats } from './claim-due';
import type { HeartbeatState } from './heartbeat.entity';
import { type HeartbeatRule, HeartbeatRules } from './heartbeat-rules';
import { heartbeatSignal } from './heartbeat-signal';
import { type HeartbeatRow, type HeartbeatRuleView, NEVER_PINGED, toHeartbeatView } from './heartbeat-view';
import type { Ping } from './ping';
import { numberedParameters, type PingStatementRunner, quickPing } from './quick-ping';
import { recordPing } from './record-ping';

export interface HeartbeatsDeps {
  orm: MikroORM;
  orchestrator: Orchestrator;
  clock: Clock;
  secretBox: SecretBox;
  plugins: PluginRegistry;
  /** Where users reach the service (`PUBLIC_URL`); ping URLs start with it. */
  publicUrl?: string | undefined;
  /** Where the database has them, the ping statement runs prepared (parsed and planned once). */
  prepared?: PreparedStatements | undefined;
  /** Pings per heartbeat rule (all its instances) in a window; none: unlimited. */
  limiter?: SlidingWindowLimiter | undefined;
}

/**
 * Heartbeat rules' use cases: pings (by token, no session), the monitor's claim of due
 * heartbeats, and the rule admins' read, pause and resume. Every state change that fires or
 * resolves goes through the core's `applySignal`, so heartbeats page, deduplicate, follow behavior
 * rules and flows, and land in the history like any other alert.
 */
export class Heartbeats {
  private readonly rules: HeartbeatRules;
  private readonly signals: SignalDeps;
  /** Runs the one-statement ping, outside any transaction. */
  private readonly statements: PingStatementRunner;

  /**
   * Over a core's database, engine, clock, secrets and plugins.
   *
   * @example const heartbeats = Heartbeats.of(core, config.http.publicUrl);
   */
  static of(core: Core, publicUrl?: string, limiter?: SlidingWindowLimiter): Heartbeats {
    const { orm, prepared, orchestrator, clock, secretBox, plugins } = core;
    return new Heartbeats({ orm, prepared, orchestrator, clock, secretBox, plugins, publicUrl, limiter });
  }

  constructor(private readonly deps: HeartbeatsDeps) {
    this.rules = new HeartbeatRules(deps);
    this.signals = { orchestrator: deps.orchestrator, clock: deps.clock };
    const prepared = deps.prepared;
    const numbered = new Map<string, string>();
    this.statements = prepared
      ? <T>(sql: string, values: readonly unknown[]) => {
          let text = numbered.get(sql);
          if (text === undefined) {
            text = numberedParameters(sql);
            numbered.set(sql, text);
          }
          return prepared.rows<T>(text, values);
        }
      : <T>(sql: string, values: readonly unknown[]) => queryRows<T>(deps.orm.em.fork(), sql, values);
  }

  /**
   * Refuses a token that names no heartbeat rule (404), before a ping's body is read, and a token
   * pinged more often than its limit (429 with the wait). The rule found is cached, so the ping
   * that follows reads it for free.
   */
  async admit(token: string): Promise<void> {
    const rule = await this.rules.byPingToken(token);
    if (!rule) throw notFound('Heartbeat');
    const limiter = this.deps.limiter;
    if (!limiter) return;
    const decision = limiter.check(rule.id);
    if (!decision.allowed) {
      throw rateLimited(decision.retryAfterMs / 1000, 'Too many pings for this heartbeat. Slow down.');
    }
    limiter.hit(rule.id);
  }

  /**
   * Stores a ping; resolves once it is committed (a 2xx means stored). A token that names no
   * heartbeat rule is a 404, as Healthchecks answers. The common ping is one statement that also
   * checks the cached rule against the stored one; when it stores nothing, the rule is read afresh
   * and the ping takes the statement again (the rule changed) or the transaction that fires and
   * resolves (the heartbeat is `down`, or the job failed).
   */
  async ping(ping: Ping): Promise<HeartbeatState> {
    try {
      const cached = await this.rules.byPingToken(ping.token);
      if (!cached) throw notFound('Heartbeat');
      const quick = await quickPing(this.statements, this.deps.clock.now(), cached, ping);
      if (quick !== null) return quick;
      const rule = await this.rules.freshByPingToken(ping.token);
      if (!rule) throw notFound('Heartbeat');
      if (rule.settingsJson !== cached.settingsJson || rule.tokenHash !== cached.tokenHash) {
        const again = await quickPing(this.statements, this.deps.clock.now(), rule, ping);
        if (again !== null) return again;
      }
      return await this.deps.orm.em.fork().transactional((tx) => recordPing(tx, this.signals, rule, ping));
    } catch (error) {
      // The rule was deleted since its token was looked up.
      if (isForeignKeyViolation(error)) throw notFound('Heartbeat');
      throw error;
    }
  }

  /**
   * One pass of the monitor. First the rows that only change state (`up` to `late`, rows no
   * longer waiting) in statements that commit at once, so no ping waits on them; then the misses:
   * `workers` claimers side by side, each firing batches of `batch` (each its own transaction)
   * until none is left. A fire is several statements on the normal alert path, so a burst of
   * misses (a whole fleet's jobs stopped) is worked off by several connections at once; `skip
   * locked` keeps them off each other's rows. Answers how many rows it moved.
   */
  async runDue(batch = 20, workers = 3): Promise<number> {
    let total = 0;
    for (;;) {
      const moved = await markLateHeartbeats(this.deps.orm.em.fork(), this.deps.clock.now(), 1_000);
      total += moved;
      if (moved < 1_000) break;
    }
    const claimer = async () => {
      let fired = 0;
      for (;;) {
        const now = this.deps.clock.now();
        const claimed = await this.deps.orm.em
          .fork()
          .transactional((tx) => fireDownHeartbeats(tx, this.signals, now, batch));
        fired += claimed;
        if (claimed < batch) return fired;
      }
    };
    const counts = await Promise.all(Array.from({ length: Math.max(1, workers) }, claimer));
    return counts.reduce((sum, count) => sum + count, total);
  }

  /** The earliest time a heartbeat must be looked at (an index's first entry), or null when none waits. */
  async nextDueAt(): Promise<Date | null> {
    const [row] = await queryRows<{ due_at: Date | string | null }>(
      this.deps.orm.em.fork(),
      'select min(due_at) as due_at from heartbeats',
    );
    return row?.due_at ? new Date(row.due_at) : null;
  }

  /** A heartbeat rule's jobs for someone who may see the rule. */
  async list(actor: Actor, ruleId: string): Promise<HeartbeatRuleView> {
    const { rule, canAdminister } = await this.standing(actor, ruleId);
    const rows = await queryRows<HeartbeatRow>(
      this.deps.orm.em.fork(),
      `select instance, state, last_ping_at, last_ping_kind, last_exit_status, last_run_id, last_body,
              last_started_at, late_at, down_at, pings
         from heartbeats where rule_id = ? order by instance`,
      [rule.id],
    );
    const heartbeats = rows.map(toHeartbeatView);
    if (!heartbeats.some((heartbeat) => heartbeat.instance === '')) heartbeats.unshift(NEVER_PINGED);
    return { ruleId: rule.id, pingUrl: canAdminister ? await this.pingUrl(rule.id) : null, heartbeats };
  }

  /**
   * Pauses one heartbeat (`instance`) or every known one of the rule (undefined): it stops being
   * watched, and an open episode resolves ("Heartbeat paused"). Pings are still recorded. Admins only.
   */
  async pause(actor: Actor, ruleId: string, instance?: string): Promise<HeartbeatRuleView> {
    const { rule } = await this.administered(actor, ruleId);
    const now = this.deps.clock.now();
    await this.deps.orm.em.fork().transactional(async (tx) => {
      const instances = await this.targets(tx, rule, instance, now);
      for (const key of instances) {
        const [row] = await queryRows<{ state: HeartbeatState }>(
          tx,
          'select state from heartbeats where rule_id = ? and instance = ? for update',
          [rule.id, key],
        );
        if (!row || row.state === 'paused') continue;
        await runStatement(
          tx,
          `update heartbeats set state = 'paused', due_at = null, updated_at = ? where rule_id = ? and instance = ?`,
          [now, rule.id, key],
        );
        if (row.state === 'down') {
          await applySignal(
            tx,
            this.signals,
            rule.id,
            heartbeatSignal('resolve', { instance: key, reason: 'Heartbeat paused.' }),
          );
        }
      }
    });
    return this.list(actor, ruleId);
  }

  /**
   * Resumes paused heartbeats (one, or every paused one of the rule): each is `up` again and its
   * next ping is due by the schedule counted from now. Admins only.
   */
  async resume(actor: Actor, ruleId: string, instance?: string): Promise<HeartbeatRuleView> {
    const { rule } = await this.administered(actor, ruleId);
    const now = this.deps.clock.now();
    const next = rule.schedule.deadline(rule.settings, now);
    const known = await runStatement(
      this.deps.orm.em.fork(),
      `update heartbeats set state = 'up', late_at = ?, down_at = ?, due_at = ?, updated_at = ?
        where rule_id = ? and state = 'paused' ${instance === undefined ? '' : 'and instance = ?'}`,
      [next.lateAt, next.downAt, next.lateAt, now, rule.id, ...(instance === undefined ? [] : [instance])],
    );
    if (known === 0 && instance !== undefined) {
      const [row] = await queryRows<{ n: number }>(
        this.deps.orm.em.fork(),
        'select count(*)::int as n from heartbeats where rule_id = ? and instance = ?',
        [rule.id, instance],
      );
      if (!row || row.n === 0) throw notFound('Heartbeat instance');
    }
    return this.list(actor, ruleId);
  }

  /** The instances a pause applies to; the rule's own one is created (paused before any ping). */
  private async targets(
    tx: Parameters<typeof runStatement>[0],
    rule: HeartbeatRule,
    instance: string | undefined,
    now: Date,
  ): Promise<string[]> {
    if (instance === undefined || instance === '') {
      await runStatement(
        tx,
        `insert into heartbeats (id, rule_id, instance, state, pings, created_at, updated_at)
         values (?, ?, '', 'new', 0, ?, ?) on conflict (rule_id, instance) do nothing`,
        [newId(), rule.id, now, now],
      );
    }
    if (instance !== undefined) {
      const [row] = await queryRows<{ n: number }>(
        tx,
        'select count(*)::int as n from heartbeats where rule_id = ? and instance = ?',
        [rule.id, instance],
      );
      if (!row || row.n === 0) throw notFound('Heartbeat instance');
      return [instance];
    }
    const rows = await queryRows<{ instance: string }>(
      tx,
      'select instance from heartbeats where rule_id = ? order by instance',
      [rule.id],
    );
    return rows.map((row) => row.instance);
  }

  private async standing(actor: Actor, ruleId: string) {
    const standing = await standingOnRule(this.deps.orm.em.fork(), actor, ruleId);
    const rule = await this.rules.byId(standing.id);
    if (!rule) throw notFound('Heartbeat rule');
    return { rule, canAdminister: standing.canAdminister };
  }

  private async administered(actor: Actor, ruleId: string) {
    const found = await this.standing(actor, ruleId);
    if (!found.canAdminister) throw forbidden();
    return found;
  }

  private async pingUrl(ruleId: string): Promise<string | null> {
    const [row] = await queryRows<{ sealed_token: string | null }>(
      this.deps.orm.em.fork(),
      'select sealed_token from alert_rules where id = ?',
      [ruleId],
    );
    if (!row?.sealed_token) return null;
    const base = (this.deps.publicUrl ?? '').replace(/\/+$/, '');
    return `${base}/api/v1/heartbeat/${this.deps.secretBox.decrypt(row.sealed_token)}`;
  }
}
