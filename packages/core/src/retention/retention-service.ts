import type { MikroORM } from '@mikro-orm/core';
import { queryRows } from '../persistence/query-rows';
import { runStatement } from '../persistence/run-statement';
import type { Clock } from '../ports/clock';
import type { RetentionSettings } from './retention-settings';
import {
  CLAIM_RUN,
  PRUNE_ALERT_EVENTS,
  PRUNE_DELIVERY_ATTEMPTS,
  PRUNE_EPISODES,
  PRUNE_NOTICES,
  PRUNE_OTP_CODES,
  PRUNE_REFRESH_TOKENS,
  PRUNE_ROUND_ROBIN_PICKS,
  PRUNE_SESSIONS,
  PRUNE_STATE_PERIODS,
} from './retention-statements';

/** Rows removed by one run, by kind. */
export interface PruneReport {
  alertEvents: number;
  /** Rows of `alert_episodes`, the reports' one row per episode. */
  episodes: number;
  statePeriods: number;
  deliveryAttempts: number;
  /** Shift-change notices, pruned with the delivery attempts. */
  notices: number;
  /** Round-robin steps' picks per alert, pruned with the delivery attempts. */
  roundRobinPicks: number;
  refreshTokens: number;
  sessions: number;
  otpCodes: number;
}

export interface RetentionServiceDeps {
  orm: MikroORM;
  clock: Clock;
  settings: RetentionSettings;
  /** OTP throttling counts codes sent in this window, so none is pruned sooner. */
  otpSendWindowSeconds: number;
}

const DAY_MS = 86_400_000;

/**
 * Prunes what the service no longer needs: alert history and delivery attempts after their
 * retention, sessions, refresh tokens and OTP codes a grace period after they expire. Each delete
 * is its own short statement of at most `batchSize` rows, repeated until a batch comes back short.
 */
export class RetentionService {
  constructor(private readonly deps: RetentionServiceDeps) {}

  /**
   * Runs when no replica has run within the interval; returns null when another one has. The
   * claim is one upsert on `system_settings`, so concurrent replicas cannot both win it.
   */
  async runIfDue(): Promise<PruneReport | null> {
    const now = this.deps.clock.now();
    const claimed = await queryRows<{ key: string }>(this.deps.orm.em.fork(), CLAIM_RUN, [
      JSON.stringify({ startedAt: now.toISOString() }),
      now,
      new Date(now.getTime() - this.deps.settings.intervalSeconds * 1000),
    ]);
    return claimed.length > 0 ? this.prune() : null;
  }

  /** One run, now. */
  async prune(): Promise<PruneReport> {
    const { settings, otpSendWindowSeconds } = this.deps;
    const now = this.deps.clock.now().getTime();
    const expired = new Date(now - Math.max(settings.expiredGraceSeconds, 0) * 1000);
    const otpExpired = new Date(now - Math.max(settings.expiredGraceSeconds, otpSendWindowSeconds) * 1000);
    const report: PruneReport = {
      alertEvents: 0,
      episodes: 0,
      statePeriods: 0,
      deliveryAttempts: 0,
      notices: 0,
      roundRobinPicks: 0,
      refreshTokens: 0,
      sessions: 0,
      otpCodes: 0,
    };
    if (settings.historyDays > 0) {
      const cutoff = new Date(now - settings.historyDays * DAY_MS);
      report.alertEvents = await this.inBatches(PRUNE_ALERT_EVENTS, (n) => [cutoff, cutoff, n, n]);
      report.episodes = await this.inBatches(PRUNE_EPISODES, (n) => [cutoff, n]);
      report.statePeriods = await this.inBatches(PRUNE_STATE_PERIODS, (n) => [cutoff, n, n]);
    }
    if (settings.deliveryAttemptDays > 0) {
      const cutoff = new Date(now - settings.deliveryAttemptDays * DAY_MS);
      report.deliveryAttempts = await this.inBatches(PRUNE_DELIVERY_ATTEMPTS, (n) => [cutoff, n]);
      report.notices = await this.inBatches(PRUNE_NOTICES, (n) => [cutoff, n]);
      report.roundRobinPicks = await this.inBatches(PRUNE_ROUND_ROBIN_PICKS, (n) => [cutoff, n]);
    }
    report.refreshTokens = await this.inBatches(PRUNE_REFRESH_TOKENS, (n) => [expired, expired, expired, n]);
    report.sessions = await this.inBatches(PRUNE_SESSIONS, (n) => [expired, expired, n]);
    report.otpCodes = await this.inBatches(PRUNE_OTP_CODES, (n) => [otpExpired, n]);
    return report;
  }

  private async inBatches(sql: string, params: (batchSize: number) => unknown[]): Promise<number> {
    const batchSize = this.deps.settings.batchSize;
    let total = 0;
    for (;;) {
      const removed = await runStatement(this.deps.orm.em.fork(), sql, params(batchSize));
      total += removed;
      if (removed < batchSize) return total;
    }
  }
}
