import type { Command } from 'commander';
import { firingAlerts, historyPage, read, ruleAnswer, rulePage } from '../api/answers';
import type { Query } from '../api/api-client';
import { paintState } from '../output/state-style';
import { loggedInClient } from '../session/logged-in-client';
import { action, commaList, examples, positiveInt } from './command-kit';
import { cappedPerPage, pageFooter } from './list-paging';
import { firingColumns, historyColumns, ruleColumns, shortTime } from './rule-columns';

interface ListOptions {
  name?: string;
  user?: string;
  type?: string[];
  tag?: string[];
  silentStatus?: string;
  endpoint?: string;
  state?: string[];
  page?: number;
  perPage?: number;
}

const joined = (list: string[] | undefined) => (list && list.length > 0 ? list.join(',') : undefined);

export function alertRuleCommands(program: Command): void {
  const rules = program
    .command('alert-rules')
    .alias('rules')
    .description('Alert rules: list, details, what fires, history');

  examples(
    rules
      .command('list')
      .alias('ls')
      .description('List the alert rules you can see, pinned (*) first')
      .option('--name <text>', 'name contains this (case-insensitive)')
      .option('--user <id>', 'owned by or shared with this user id')
      .option('--type <types>', 'rule types, comma-separated (api,prometheus,…)', commaList)
      .option('--tag <tags>', 'rules carrying every one of these tags, comma-separated', commaList)
      .option('--silent-status <status>', 'silent or active (for you)')
      .option('--endpoint <id>', 'rules notifying this endpoint id')
      .option(
        '--state <states>',
        'rule states, comma-separated (critical,warning,triggered,resolved,unknown)',
        commaList,
      )
      .option('--page <n>', 'page number', positiveInt)
      .option('--per-page <n>', 'rules per page (at most 100; default 25)', positiveInt)
      .action(
        action(async ({ ctx, printer }, options: ListOptions) => {
          const query: Query = {
            alertname: options.name,
            userId: options.user,
            types: joined(options.type),
            tags: joined(options.tag),
            silentStatus: options.silentStatus,
            endpointId: options.endpoint,
            status: joined(options.state),
            page: options.page,
            perPage: cappedPerPage(options.perPage, 25, printer),
          };
          const page = read(
            rulePage,
            await loggedInClient(ctx).request('GET', '/api/v1/alert-rule', { query }),
            'the rule list',
          );
          printer.list({
            rows: page.data,
            columns: ruleColumns(printer.colors),
            id: (rule) => rule.id,
            document: page,
            footer: pageFooter(page, 'rules'),
            empty: 'No alert rules match.',
          });
        }),
      ),
    'oncall alert-rules list',
    'oncall alert-rules list --state critical,warning --tag team-a,prod -o json',
    'oncall alert-rules list --type api --per-page 100 --page 2 -q',
  );

  examples(
    rules
      .command('get')
      .description('Show one alert rule')
      .argument('<id>')
      .action(
        action(async ({ ctx, printer }, id: string) => {
          const rule = read(
            ruleAnswer,
            await loggedInClient(ctx).request('GET', `/api/v1/alert-rule/${encodeURIComponent(id)}`),
            'the rule',
          );
          const { colors } = printer;
          printer.record(
            rule,
            [
              ['id', rule.id],
              ['name', rule.name],
              ['type', rule.type],
              ['state', rule.state],
              ['silence', rule.silentStatus],
              ['pinned', rule.pinned ? 'yes' : 'no'],
              ['owner', rule.owner.username],
              ['tags', rule.tags.join(', ') || '-'],
              [
                'endpoints',
                rule.endpoints.map((endpoint) => `${endpoint.name} (${endpoint.type})`).join(', ') || '-',
              ],
              ['description', rule.description ?? ''],
              ['created', shortTime(rule.createdAt)],
              ['updated', shortTime(rule.updatedAt)],
            ].map(
              ([field, value]) =>
                [field ?? '', field === 'state' ? paintState(colors, value ?? '') : (value ?? '')] as const,
            ),
            rule.id,
          );
        }),
      ),
    'oncall alert-rules get 01JD0Z…',
    'oncall alert-rules get 01JD0Z… -o yaml',
  );

  examples(
    rules
      .command('fired')
      .description('What fires now on one alert rule, one row per firing instance')
      .argument('<id>')
      .action(
        action(async ({ ctx, printer }, id: string) => {
          const alerts = read(
            firingAlerts,
            await loggedInClient(ctx).request(
              'GET',
              `/api/v1/alert-rule/triggered/${encodeURIComponent(id)}`,
            ),
            'fired data',
          );
          printer.list({
            rows: alerts,
            columns: firingColumns(printer.colors),
            id: (alert) => alert.id,
            empty: 'Nothing fires on this rule.',
          });
        }),
      ),
    'oncall alert-rules fired 01JD0Z…',
    'oncall alert-rules fired 01JD0Z… -o csv > firing.csv',
  );

  examples(
    rules
      .command('history')
      .description("An alert rule's state changes, newest first")
      .argument('<id>')
      .option('--from <time>', 'from this UTC minute, "YYYY-MM-DD HH:MM"')
      .option('--to <time>', 'up to this UTC minute, "YYYY-MM-DD HH:MM"')
      .option('--page <n>', 'page number', positiveInt)
      .option('--per-page <n>', 'rows per page (at most 100; default 50)', positiveInt)
      .action(
        action(
          async (
            { ctx, printer },
            id: string,
            options: { from?: string; to?: string; page?: number; perPage?: number },
          ) => {
            const page = read(
              historyPage,
              await loggedInClient(ctx).request(
                'GET',
                `/api/v1/alert-rule/history/${encodeURIComponent(id)}`,
                {
                  query: {
                    from: options.from,
                    to: options.to,
                    page: options.page,
                    perPage: cappedPerPage(options.perPage, 50, printer),
                  },
                },
              ),
              'the history',
            );
            printer.list({
              rows: page.data,
              columns: historyColumns(printer.colors),
              id: (row) => row.id,
              document: page,
              footer: pageFooter(page, 'changes'),
              empty: 'No history in this window.',
            });
          },
        ),
      ),
    'oncall alert-rules history 01JD0Z…',
    'oncall alert-rules history 01JD0Z… --from "2026-11-01 00:00" --to "2026-11-02 00:00" -o json',
  );
}
