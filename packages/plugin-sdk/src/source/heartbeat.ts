/**
 * When a pinged job is overdue: `lateAt` is when its next success ping was expected (the schedule's
 * next run), `downAt` when the grace period after it runs out and the host fires the rule.
 * `downAt` is never before `lateAt`.
 *
 * @example { lateAt: new Date('2026-03-29T09:00:00Z'), downAt: new Date('2026-03-29T09:05:00Z') }
 */
export interface PingDeadline {
  readonly lateAt: Date;
  readonly downAt: Date;
}

/**
 * A source whose alerts are the absence of pings (a dead man's switch): the jobs it watches call
 * the rule's ping URL, and the host fires the rule when a ping is overdue and resolves it on the
 * next one. The plugin owns only the schedule arithmetic; the ping routes, the due-at rows and the
 * firing belong to the host.
 *
 * - `deadline`: pure (no I/O, no clock of its own), given a rule's settings as stored (already
 *   checked by the plugin's `ruleFields`) and the instant of the last success ping (or of the
 *   manual resume), the deadline of the next ping. It must answer a time after `from`.
 *
 * A source with this hook declares `capabilities.webhook: false` and
 * `capabilities.dataSources: false`: its rules carry their own ping token and list no data source.
 *
 * @example
 * heartbeat: {
 *   deadline: (settings, from) => {
 *     const { periodSeconds, graceSeconds } = intervalSchema.parse(settings);
 *     const lateAt = new Date(from.getTime() + periodSeconds * 1000);
 *     return { lateAt, downAt: new Date(lateAt.getTime() + graceSeconds * 1000) };
 *   },
 * }
 */
export interface HeartbeatSchedule {
  deadline(settings: Readonly<Record<string, unknown>>, from: Date): PingDeadline;
}
