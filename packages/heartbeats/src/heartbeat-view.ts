import type { HeartbeatState } from './heartbeat.entity';

/** One watched job of a heartbeat rule, as its readers see it. */
export interface HeartbeatView {
  /** The instance key; empty for the rule's own heartbeat. */
  instance: string;
  state: HeartbeatState;
  lastPingAt: string | null;
  lastPingKind: 'success' | 'start' | 'fail' | null;
  lastExitStatus: number | null;
  lastRunId: string | null;
  /** The last ping's body (bounded), as the job's log tail. */
  lastBody: string | null;
  lastStartedAt: string | null;
  /** When the next success ping is expected, and when the rule fires without it. */
  lateAt: string | null;
  downAt: string | null;
  pings: number;
}

/** A heartbeat rule's jobs; `pingUrl` only for the rule's admins (it carries the token). */
export interface HeartbeatRuleView {
  ruleId: string;
  pingUrl: string | null;
  heartbeats: HeartbeatView[];
}

export interface HeartbeatRow {
  instance: string;
  state: HeartbeatState;
  last_ping_at: Date | string | null;
  last_ping_kind: HeartbeatView['lastPingKind'];
  last_exit_status: number | null;
  last_run_id: string | null;
  last_body: string | null;
  last_started_at: Date | string | null;
  late_at: Date | string | null;
  down_at: Date | string | null;
  pings: number;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export function toHeartbeatView(row: HeartbeatRow): HeartbeatView {
  return {
    instance: row.instance,
    state: row.state,
    lastPingAt: iso(row.last_ping_at),
    lastPingKind: row.last_ping_kind,
    lastExitStatus: row.last_exit_status,
    lastRunId: row.last_run_id,
    lastBody: row.last_body,
    lastStartedAt: iso(row.last_started_at),
    lateAt: iso(row.late_at),
    downAt: iso(row.down_at),
    pings: Number(row.pings),
  };
}

/** The rule's own heartbeat before its first ping: no row yet, so nothing can be late. */
export const NEVER_PINGED: HeartbeatView = {
  instance: '',
  state: 'new',
  lastPingAt: null,
  lastPingKind: null,
  lastExitStatus: null,
  lastRunId: null,
  lastBody: null,
  lastStartedAt: null,
  lateAt: null,
  downAt: null,
  pings: 0,
};
