import type { Command } from 'commander';
import { read, zones } from '../api/answers';
import { loggedInClient } from '../session/logged-in-client';
import { action, examples } from './command-kit';

export function zoneCommands(program: Command): void {
  const zone = program.command('zone').description('Zones (clusters) a request may name with --zone');
  examples(
    zone
      .command('list')
      .alias('ls')
      .description('List the zones; pass an id as --zone (or ONCALL_ZONE, or `config set zone`)')
      .action(
        action(async ({ ctx, printer }) => {
          const list = read(
            zones,
            await loggedInClient(ctx).request('GET', '/api/v1/skylogs-instance/all'),
            'the zones',
          );
          printer.list({
            rows: list,
            columns: [
              { header: 'ID', value: (z) => z.id },
              { header: 'NAME', value: (z) => z.name },
              { header: 'TYPE', value: (z) => z.type },
              { header: 'URL', value: (z) => z.url },
              { header: 'CURRENT', value: (z) => ((ctx.zone ?? 'main') === z.id ? '*' : '') },
            ],
            id: (z) => z.id,
            empty: 'No zones.',
          });
        }),
      ),
    'oncall zone list',
    'oncall --zone main alert-rules list',
  );
}
