import type { HostileCase } from './hostile-case';
import type { StallGuardSettings } from './stall-guard-settings';
import { type Baseline, boundOf, type CaseJudgement, type CaseMeasure, statusSummary } from './stall-verdict';

export interface ReportRow {
  hostile: HostileCase;
  /** The run that counts: the re-run when the first failed. */
  measure: CaseMeasure;
  judgement: CaseJudgement;
  rerun: boolean;
  firstFailures: string[];
}

const ms = (value: number) => value.toFixed(0);
/** A table cell's text: `|` would end the cell. */
const cell = (text: string) => text.replaceAll('|', '\\|');

/** The unloaded run and its bounds, then the head of the cases' table, as Markdown. */
export function printHeader(report: {
  settings: StallGuardSettings;
  baseline: Baseline;
  machine: string;
}): void {
  const { baseline, settings } = report;
  const lines = [
    '',
    `Stall guard, ${settings.mode} run; ${report.machine}.`,
    `Unloaded run: ${settings.baselineMs / 1000} s, ${baseline.samples.healthz} polls of /healthz, ${baseline.samples.pages} SMS pages (a chat page a second).`,
    '',
    '| unloaded | p50 ms | p99 ms | max ms | bound (p99 + 200) ms |',
    '|---|---:|---:|---:|---:|',
    ...(
      [
        ['/healthz', baseline.healthz],
        ['fire → SMS page', baseline.sms],
        ['fire → chat page', baseline.chat],
      ] as const
    ).map(
      ([name, f]) =>
        `| ${name} | ${f.p50.toFixed(1)} | ${f.p99.toFixed(1)} | ${f.max.toFixed(1)} | ${ms(boundOf(f))} |`,
    ),
    '',
    'Chat pages are judged in the gifting case, which aims at the chat lane; elsewhere they are reported.',
    '',
    '| case | answers | /healthz max ms | SMS page max ms | chat page max ms | verdict |',
    '|---|---|---:|---:|---:|---|',
  ];
  console.log(lines.join('\n'));
}

/** One case's row, printed as soon as the case is judged: a run stopped early keeps its figures. */
export function printRow(row: ReportRow): void {
  const { judgement, measure } = row;
  const missing = (count: number) => (count > 0 ? ` (${count} not arrived)` : '');
  const verdict =
    judgement.failures.length > 0
      ? `**FAIL**: ${judgement.failures.join('; ')}`
      : row.rerun
        ? `pass on re-run (first: ${row.firstFailures.join('; ')})`
        : 'pass';
  const remarks = judgement.remarks.length > 0 ? `; ${judgement.remarks.join('; ')}` : '';
  console.log(
    `| ${cell(row.hostile.name)} | ${statusSummary(measure.statuses)} | ${ms(judgement.healthzMax)} | ${ms(judgement.smsMax)}${missing(measure.window.smsMissing)} | ${ms(judgement.chatMax)}${missing(measure.window.chatMissing)} | ${cell(`${verdict}${remarks}`)} |`,
  );
}

export function printSummary(rows: ReportRow[]): void {
  console.log(
    `\n${rows.filter((r) => r.judgement.failures.length === 0).length} of ${rows.length} cases passed.`,
  );
}
