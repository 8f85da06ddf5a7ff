import type { Command } from 'commander';
import { read, rulePage, timelines } from '../api/answers';
import { CliError } from '../errors/cli-error';
import { ExitCode } from '../errors/exit-codes';
import { timelineBar, timelineLegend } from '../output/timeline-bar';
import { loggedInClient } from '../session/logged-in-client';
import { action, commaList, examples, positiveInt } from './command-kit';
import { MAX_PER_PAGE } from './list-paging';
import { shortTime } from './rule-columns';
import { parseTimeArgument } from './time-argument';

interface StatusOptions {
  from: number;
  to: number;
  buckets?: number;
  tag?: string[];
  type?: string[];
}

const MAX_BUCKETS = 1000;
/** Longer rule names are cut so the bars keep most of the terminal. */
const NAME_WIDTH = 32;

/** As many buckets as fit beside the names on this terminal; 60 for a pipe. */
function bucketsThatFit(nameWidth: number): number {
  const columns = process.stdout.columns;
  if (!columns) return 60;
  return Math.max(10, Math.min(MAX_BUCKETS, columns - nameWidth - 3));
}

export function statusCommand(program: Command): void {
  examples(
    program
      .command('status')
      .description('One timeline bar per alert rule: its worst state in each time bucket')
      .argument('[ids...]', 'alert rule ids (default: the first 100 rules you can see)')
      .option(
        '--from <time>',
        'start: an age (24h, 7d), a date or Unix seconds',
        (v) => parseTimeArgument(v),
        undefined,
      )
      .option(
        '--to <time>',
        'end: now, an age, a date or Unix seconds',
        (v) => parseTimeArgument(v),
        undefined,
      )
      .option('--buckets <n>', 'buckets per bar (default: what fits the terminal)', positiveInt)
      .option('--tag <tags>', 'without ids: rules with every one of these tags', commaList)
      .option('--type <types>', 'without ids: rules of these types', commaList)
      .action(
        action(async ({ ctx, printer }, ids: string[], options: StatusOptions) => {
          const to = options.to ?? Math.floor(Date.now() / 1000);
          const from = options.from ?? to - 24 * 3600;
          if (to <= from) throw new CliError(ExitCode.usage, '--to must be after --from.');
          if (options.buckets !== undefined && options.buckets > MAX_BUCKETS) {
            throw new CliError(ExitCode.usage, `--buckets is at most ${MAX_BUCKETS}.`);
          }
          const client = loggedInClient(ctx);
          let ruleIds = ids;
          if (ruleIds.length === 0) {
            const page = read(
              rulePage,
              await client.request('GET', '/api/v1/alert-rule', {
                query: {
                  perPage: MAX_PER_PAGE,
                  tags: options.tag?.join(','),
                  types: options.type?.join(','),
                },
              }),
              'the rule list',
            );
            ruleIds = page.data.map((rule) => rule.id);
            if (page.total > page.data.length) {
              printer.note(
                `note: showing the first ${page.data.length} of ${page.total} rules; name ids or use --tag.`,
              );
            }
          }
          if (ruleIds.length === 0) {
            printer.list({
              rows: [],
              columns: [],
              id: () => '',
              document: [],
              empty: 'No alert rules to show.',
            });
            return;
          }
          // The width of the names is known only after the answer: assume a usual one to pick buckets.
          const bucketCount = options.buckets ?? bucketsThatFit(NAME_WIDTH);
          const answer = read(
            timelines,
            await client.request('GET', '/api/v1/alert-rule/status', {
              query: { alertRuleIds: ruleIds.join(','), fromTime: from, toTime: to, bucketCount },
            }),
            'the status timelines',
          );
          if (ctx.output !== 'table' || ctx.quiet) {
            printer.list({
              rows: answer,
              columns: [
                { header: 'ID', value: (t) => t.alertRuleId },
                { header: 'NAME', value: (t) => t.name },
                { header: 'TYPE', value: (t) => t.type },
                { header: 'WORST', value: (t) => worst(t.segments.map((s) => s.status)) },
                {
                  header: 'CHANGES',
                  value: (t) => String(t.segments.reduce((n, s) => n + s.changesCount, 0)),
                },
              ],
              id: (t) => t.alertRuleId,
              document: answer,
            });
            return;
          }
          const colored = printer.colors.isColorSupported;
          const width = Math.min(NAME_WIDTH, Math.max(4, ...answer.map((t) => t.name.length)));
          printer.line(
            printer.colors.dim(
              `${shortTime(new Date(from * 1000).toISOString())} → ${shortTime(new Date(to * 1000).toISOString())}`,
            ),
          );
          for (const timeline of answer) {
            const name =
              timeline.name.length > width
                ? `${timeline.name.slice(0, width - 1)}…`
                : timeline.name.padEnd(width);
            printer.line(`${name}  ${timelineBar(timeline, from, to, printer.colors, colored)}`);
          }
          const bucket = answer[0]?.bucketSeconds;
          printer.line(
            printer.colors.dim(
              `${timelineLegend(printer.colors, colored)}${bucket ? `   (1 cell = ${bucket}s)` : ''}`,
            ),
          );
          const missing = ruleIds.length - answer.length;
          if (missing > 0) printer.note(`note: ${missing} of the ids named no rule you can see.`);
        }),
      ),
    'oncall status',
    'oncall status --from 7d --buckets 84 --tag prod',
    'oncall status 01JD0Z… 01JD10… --from "2026-11-28 00:00" --to "2026-11-28 12:00" -o json',
  );
}

const ORDER = ['critical', 'triggered', 'warning', 'resolved', 'unknown'];

/** The worst of the states, as the server orders them (critical > warning > resolved > unknown). */
function worst(statuses: string[]): string {
  return ORDER.find((status) => statuses.includes(status)) ?? 'unknown';
}
