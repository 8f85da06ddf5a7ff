import type { Command } from 'commander';
import { onCallAnswer, read, schedulesAnswer } from '../api/answers';
import { loggedInClient } from '../session/logged-in-client';
import { action, examples } from './command-kit';
import { parseTimeArgument } from './time-argument';

const names = (people: { name: string; overrideId: string | null }[]) =>
  people.length === 0
    ? '(nobody: a gap)'
    : people.map((person) => (person.overrideId ? `${person.name} (override)` : person.name)).join(', ');

export function scheduleCommands(program: Command): void {
  const schedule = program.command('schedule').description('On-call schedules: list, on-call');
  examples(
    schedule
      .command('list')
      .alias('ls')
      .description('The schedules of your teams')
      .action(
        action(async ({ ctx, printer }) => {
          const answer = read(
            schedulesAnswer,
            await loggedInClient(ctx).request('GET', '/api/v1/schedule'),
            'the schedules',
          );
          printer.list({
            rows: answer,
            columns: [
              { header: 'ID', value: (s) => s.id },
              { header: 'NAME', value: (s) => s.name },
              { header: 'TIME ZONE', value: (s) => s.timeZone },
              { header: 'LAYERS', value: (s) => String(s.layers.length) },
            ],
            id: (s) => s.id,
            empty: 'No schedule yet: create one in the web UI or with POST /api/v1/schedule.',
          });
        }),
      ),
    'oncall schedule list',
    'oncall schedule list -o json',
  );
  examples(
    schedule
      .command('on-call')
      .alias('who')
      .description('Who is on call now (or at --at), and the next hand-offs within a week')
      .argument('<scheduleId>', 'the schedule')
      .option(
        '--at <time>',
        'another instant: a date (2026-12-24 20:00, UTC without a zone), Unix seconds, or an age (24h: a day ago)',
        (value) => parseTimeArgument(value),
      )
      .action(
        action(async ({ ctx, printer }, scheduleId: string, options: { at?: number }) => {
          const at = options.at === undefined ? undefined : String(options.at * 1000);
          const answer = read(
            onCallAnswer,
            await loggedInClient(ctx).request(
              'GET',
              `/api/v1/schedule/${encodeURIComponent(scheduleId)}/on-call`,
              {
                query: { at },
              },
            ),
            'who is on call',
          );
          const rows = [
            { when: answer.at, who: names(answer.onCall) },
            ...answer.nextHandOffs.map((handOff) => ({ when: handOff.at, who: names(handOff.onCall) })),
          ];
          printer.list({
            rows,
            columns: [
              { header: 'FROM', value: (row) => row.when },
              { header: 'ON CALL', value: (row) => row.who },
            ],
            id: (row) => row.when,
            document: answer,
          });
        }),
      ),
    'oncall schedule on-call 0193…',
    'oncall schedule on-call 0193… --at 2026-12-24T20:00:00Z',
  );
}
