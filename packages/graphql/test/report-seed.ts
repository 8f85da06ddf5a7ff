import { randomUUID } from 'node:crypto';
import { alertRuleCreateBody, teamBody } from '@oncall/contracts';
import type { Actor } from '@oncall/core';
import type { TestCore } from '@oncall/testing';

/** A fixed start: every seeded time is an offset in seconds from it. */
export const T0 = Date.parse('2026-11-01T00:00:00.000Z');
export const at = (seconds: number) => new Date(T0 + seconds * 1000).toISOString();

export interface EpisodeSeed {
  rule: string;
  firedAt: number;
  /** Seconds after the fire; absent when it never happened. */
  ackAfter?: number;
  resolveAfter?: number;
  ackBy?: string;
  /** The fire's delivery attempts: provider config, outcome, latency, seconds after the fire. */
  attempts?: {
    config: string;
    outcome: 'delivered' | 'transient' | 'permanent';
    latencyMs: number;
    after: number;
  }[];
}

export interface SeededEpisode {
  id: string;
  firedEventId: string;
  eventIds: string[];
}

/** Writes history and delivery rows as the lifecycle and the engine write them. */
export class ReportSeeder {
  constructor(
    private readonly t: TestCore,
    readonly endpointId: string,
  ) {}

  private exec(sql: string, params: unknown[]) {
    return this.t.database.db.orm.em.getConnection().execute(sql, params);
  }

  async episode(seed: EpisodeSeed): Promise<SeededEpisode> {
    const episodeId = randomUUID();
    const instanceId = randomUUID();
    const events: { id: string; kind: string; state: string; at: number; actor?: string }[] = [
      { id: randomUUID(), kind: 'fired', state: 'critical', at: seed.firedAt },
    ];
    if (seed.ackAfter !== undefined) {
      events.push({
        id: randomUUID(),
        kind: 'acknowledged',
        state: 'critical',
        at: seed.firedAt + seed.ackAfter,
        actor: seed.ackBy,
      });
    }
    if (seed.resolveAfter !== undefined) {
      events.push({
        id: randomUUID(),
        kind: 'resolved',
        state: 'resolved',
        at: seed.firedAt + seed.resolveAfter,
      });
    }
    for (const event of events) {
      // An acknowledgement is a rule-level event naming its episodes in its payload, as
      // `recordAcknowledgement` writes it: no instance, no episode, no instance state.
      const ack = event.kind === 'acknowledged';
      await this.exec(
        `insert into alert_events (id, rule_id, instance_id, episode_id, kind, state, rule_state, alertname, instance,
           actor_id, payload, created_at)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          event.id,
          seed.rule,
          ack ? null : instanceId,
          ack ? null : episodeId,
          event.kind,
          ack ? null : event.state,
          event.state,
          ack ? null : 'HighLoad',
          ack ? null : 'host-1',
          event.actor ?? null,
          ack ? JSON.stringify({ episodeIds: [episodeId] }) : null,
          at(event.at),
        ],
      );
    }
    const fired = events[0]?.id ?? '';
    for (const [index, attempt] of (seed.attempts ?? []).entries()) {
      await this.exec(
        `insert into delivery_attempts (id, notification_kind, alert_event_id, endpoint_id, provider_config_id, attempt,
           idempotency_key, outcome, error, latency_ms, created_at)
         values (?, 'alert', ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          randomUUID(),
          fired,
          this.endpointId,
          attempt.config,
          index + 1,
          randomUUID(),
          attempt.outcome,
          attempt.outcome === 'delivered' ? null : 'ECONNRESET',
          attempt.latencyMs,
          at(seed.firedAt + attempt.after),
        ],
      );
    }
    return { id: episodeId, firedEventId: fired, eventIds: events.map((e) => e.id) };
  }
}

/** Teams, rules, an SMS endpoint and its default and backup provider configs. */
export async function seedReportWorld(t: TestCore, admin: Actor, members: { a: string; b: string }) {
  const exec = (sql: string, params: unknown[]) => t.database.db.orm.em.getConnection().execute(sql, params);
  const teamA = (
    await t.core.teams.create(
      admin,
      teamBody.parse({ name: 'Team A', ownerId: admin.userId, userIds: [members.a] }),
    )
  ).id;
  const teamB = (
    await t.core.teams.create(
      admin,
      teamBody.parse({ name: 'Team B', ownerId: admin.userId, userIds: [members.b] }),
    )
  ).id;
  const rule = async (name: string, teamIds: string[]) =>
    (await t.core.alertRules.create(admin, alertRuleCreateBody.parse({ type: 'api', name, teamIds }))).id;
  const ruleA = await rule('Rule of team A', [teamA]);
  const ruleB = await rule('Secret rule of team B', [teamB]);
  const primary = randomUUID();
  const backup = randomUUID();
  const endpoint = randomUUID();
  for (const [id, name, provider, isDefault] of [
    [primary, 'Primary SMS', 'providerOne', true],
    [backup, 'Backup SMS', 'providerTwo', false],
  ] as const) {
    await exec(
      `insert into provider_configs (id, kind, name, provider, settings, is_default, is_backup, created_at, updated_at)
       values (?, 'sms', ?, ?, '{}', ?, ?, now(), now())`,
      [id, name, provider, isDefault, !isDefault],
    );
  }
  await exec(
    `insert into endpoints (id, name, type, destination, owner_id, created_at, updated_at)
     values (?, 'On-call phone', 'sms', '{"value":"+15550100"}', ?, now(), now())`,
    [endpoint, admin.userId],
  );
  return { teamA, teamB, ruleA, ruleB, primary, backup, seeder: new ReportSeeder(t, endpoint) };
}
