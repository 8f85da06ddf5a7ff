import type { ProbeWindow } from './probe-protocol';

/** How much later than the unloaded run a request may make `/healthz` or a page: the issue's bound. */
export const STALL_MARGIN_MS = 200;

export interface Figures {
  p50: number;
  p99: number;
  max: number;
}

export function figures(samples: number[]): Figures {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) =>
    sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1))] ?? 0;
  return { p50: at(0.5), p99: at(0.99), max: at(1) };
}

/** The unloaded run's figures and the bound each case is held to. */
export interface Baseline {
  healthz: Figures;
  sms: Figures;
  chat: Figures;
  samples: { healthz: number; pages: number };
}

export function baselineOf(window: ProbeWindow): Baseline {
  return {
    healthz: figures(window.healthz),
    sms: figures(window.sms),
    chat: figures(window.chat),
    samples: { healthz: window.healthz.length, pages: window.fires },
  };
}

/** Per measure, the figures of the slower unloaded run (the higher p99). */
export function slowerOf(a: Baseline, b: Baseline): Baseline {
  const slower = (x: Figures, y: Figures) => (y.p99 > x.p99 ? y : x);
  return {
    healthz: slower(a.healthz, b.healthz),
    sms: slower(a.sms, b.sms),
    chat: slower(a.chat, b.chat),
    samples: a.samples,
  };
}

/**
 * The bound: the unloaded p99 plus the margin. The p99 rather than the max: on a shared machine the
 * unloaded run's single worst sample is whatever a neighbour did at that moment, and a bound built on
 * it would loosen with every unlucky baseline; the p99 is what the service itself does. A case is
 * re-run once before it counts, which absorbs such a moment during a case.
 */
export const boundOf = (f: Figures) => f.p99 + STALL_MARGIN_MS;

export interface CaseMeasure {
  statuses: number[];
  window: ProbeWindow;
  notes: string[];
  /** Setup failed, the case's load did not take hold, or the server had to be restarted after the case. */
  error?: string;
}

export interface CaseJudgement {
  healthzMax: number;
  smsMax: number;
  chatMax: number;
  failures: string[];
  remarks: string[];
}

export function judge(
  measure: CaseMeasure,
  baseline: Baseline,
  expect: '4xx' | 'any',
  judgesChat: boolean,
): CaseJudgement {
  const { window, statuses } = measure;
  const healthzMax = figures(window.healthz).max;
  const smsMax = figures(window.sms).max;
  const chatMax = figures(window.chat).max;
  const failures: string[] = [];
  if (measure.error) failures.push(measure.error);
  if (healthzMax > boundOf(baseline.healthz)) failures.push('/healthz stalled');
  if (smsMax > boundOf(baseline.sms) || window.smsMissing > 0) failures.push('SMS page stalled');
  if (judgesChat && (chatMax > boundOf(baseline.chat) || window.chatMissing > 0)) {
    failures.push('chat page stalled');
  }
  const unanswered = statuses.filter((s) => s === 0).length;
  if (unanswered > 0) failures.push(`${unanswered} unanswered`);
  const errors = statuses.filter((s) => s >= 500).length;
  if (errors > 0) failures.push(`${errors} × 5xx`);
  const remarks = [...measure.notes];
  const accepted = statuses.filter((s) => s >= 200 && s < 300).length;
  if (expect === '4xx' && accepted > 0) remarks.push(`${accepted} accepted where a 4xx is due`);
  return { healthzMax, smsMax, chatMax, failures, remarks };
}

/** `200 ×3, 422 ×5` (`—` for none). */
export function statusSummary(statuses: number[]): string {
  const counts = new Map<number, number>();
  for (const status of statuses) counts.set(status, (counts.get(status) ?? 0) + 1);
  const parts = [...counts.entries()]
    .sort(([a], [b]) => a - b)
    .map(([status, n]) => `${status === 0 ? 'no answer' : status}${n > 1 ? ` ×${n}` : ''}`);
  return parts.length > 0 ? parts.join(', ') : '—';
}
