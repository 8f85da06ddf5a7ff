import type { Command } from 'commander';
import type { ApiClient } from '../api/api-client';
import { followLiveFeed } from '../api/live-feed';
import type { CliContext } from '../cli-context';
import type { Printer } from '../output/printer';
import { paintState } from '../output/state-style';
import type { Column } from '../output/table';
import { loggedInClient } from '../session/logged-in-client';
import { action, examples } from './command-kit';
import { type FiringNow, type FiringRow, firingNow, firingRows } from './firing-now';
import { shortTime } from './rule-columns';

const columns = (printer: Printer): Column<FiringRow>[] => [
  { header: 'RULE', value: (row) => row.ruleName },
  { header: 'STATE', value: (row) => row.state, paint: (text) => paintState(printer.colors, text) },
  { header: 'ALERT', value: (row) => row.alert },
  { header: 'INSTANCE', value: (row) => row.instance },
  { header: 'FIRED', value: (row) => (row.firedAt ? shortTime(row.firedAt) : '') },
  { header: 'ACK', value: (row) => (row.acknowledgedAt ? shortTime(row.acknowledgedAt) : '-') },
  { header: 'RULE ID', value: (row) => row.ruleId, paint: (text) => printer.colors.dim(text) },
];

function show(printer: Printer, now: FiringNow): void {
  printer.list({
    rows: firingRows(now),
    columns: columns(printer),
    id: (row) => row.ruleId,
    document: now.rules,
    empty: 'Nothing is firing.',
    footer:
      now.more > 0
        ? `…and ${now.more} more firing rules (see: oncall alert-rules list --state critical)`
        : undefined,
  });
}

/**
 * `--watch`: the table again whenever the live feed reports an alert change. On a terminal the
 * screen is redrawn; into a pipe each snapshot follows the last (JSON: one document per line).
 */
async function watch(ctx: CliContext, printer: Printer, client: ApiClient): Promise<void> {
  const tty = process.stdout.isTTY === true && ctx.output === 'table' && !ctx.quiet;
  const stop = new AbortController();
  const onSignal = () => stop.abort();
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  let status = 'connecting…';
  let last: FiringNow = { rules: [], more: 0 };
  let drawing = Promise.resolve();
  let dirty = false;

  const draw = () => {
    if (tty) {
      printer.write('\x1b[H\x1b[2J');
      printer.line(
        printer.colors.bold(
          `Firing now · ${shortTime(new Date().toISOString())} · live: ${status} · Ctrl-C to stop`,
        ),
      );
      printer.line('');
      show(printer, last);
    } else if (ctx.output === 'json' && !ctx.quiet) {
      printer.line(JSON.stringify(last.rules));
    } else {
      show(printer, last);
      printer.line('');
    }
  };
  // Changes arriving while a refresh runs make one more refresh, not one each.
  const refresh = () => {
    if (dirty) return;
    dirty = true;
    drawing = drawing.then(async () => {
      dirty = false;
      last = await firingNow(client);
      draw();
    });
  };

  refresh();
  const feed = followLiveFeed(
    client,
    {
      onOpen: () => {
        status = 'connected';
        // Whatever changed while the feed was down.
        refresh();
      },
      onBatch: (batch) => {
        if (batch.events.some((event) => event.kind === 'alert')) refresh();
      },
      onDown: (reason, retryMs) => {
        status = `down (${reason}); retrying in ${Math.round(retryMs / 1000)}s`;
        if (tty) draw();
        else printer.note(`live feed ${status}`);
      },
    },
    stop.signal,
  );
  try {
    await Promise.race([feed, drawing.then(() => feed)]);
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
  await drawing;
}

export function nowCommand(program: Command): void {
  examples(
    program
      .command('now')
      .description('What is firing now, one row per firing instance; --watch follows the live feed')
      .option('-w, --watch', 'keep the view current from the live feed until Ctrl-C')
      .action(
        action(async ({ ctx, printer }, options: { watch?: boolean }) => {
          const client = loggedInClient(ctx);
          if (options.watch) return watch(ctx, printer, client);
          show(printer, await firingNow(client));
        }),
      ),
    'oncall now',
    'oncall now --watch',
    'oncall now -q | xargs -n1 oncall ack',
  );
}
