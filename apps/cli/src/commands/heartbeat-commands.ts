import { type Command, InvalidArgumentError } from 'commander';
import { heartbeatsAnswer, pingAnswer, read } from '../api/answers';
import { anonymousClient, loggedInClient } from '../session/logged-in-client';
import { action, examples } from './command-kit';

interface PingOptions {
  start?: boolean;
  fail?: boolean;
  exit?: number;
  rid?: string;
  instance?: string;
}

function exitStatus(value: string): number {
  const n = Number(value);
  if (!/^\d{1,3}$/.test(value.trim()) || n > 255) throw new InvalidArgumentError('expected 0 to 255.');
  return n;
}

/** A ping URL's last segments: the token, then `start`, `fail` or an exit status, if any. */
function pingPath(token: string, options: PingOptions): string {
  const given = [options.start, options.fail, options.exit !== undefined].filter(Boolean).length;
  if (given > 1) throw new InvalidArgumentError('--start, --fail and --exit exclude each other.');
  const kind = options.start
    ? '/start'
    : options.fail
      ? '/fail'
      : options.exit !== undefined
        ? `/${options.exit}`
        : '';
  return `/api/v1/heartbeat/${encodeURIComponent(token)}${kind}`;
}

export function heartbeatCommands(program: Command): void {
  const heartbeat = program
    .command('heartbeat')
    .description('Heartbeat rules (dead man’s switches): ping, list');
  examples(
    heartbeat
      .command('ping')
      .description('Ping a heartbeat rule; needs no login, the rule token is the credential')
      .argument('<token>', "the rule's token (the last segment of its ping URL)")
      .option('--start', 'a run starts (the success ping comes later)')
      .option('--fail', 'the run failed: the rule fires at once')
      .option('--exit <status>', 'the run ended with this exit status (0 succeeds)', exitStatus)
      .option('--rid <id>', 'run id, pairing a start with its end')
      .option('--instance <key>', 'the instance pinged; each key is its own heartbeat')
      .action(
        action(async ({ ctx, printer }, token: string, options: PingOptions) => {
          const answer = read(
            pingAnswer,
            await anonymousClient(ctx).request('GET', pingPath(token, options), {
              authenticated: false,
              query: { rid: options.rid, instance: options.instance },
            }),
            'the ping',
          );
          printer.done(answer, `pinged: ${answer.state}`, answer.state);
        }),
      ),
    'oncall heartbeat ping ak_… ',
    'backup.sh && oncall heartbeat ping ak_… || oncall heartbeat ping ak_… --fail',
    'oncall heartbeat ping ak_… --exit "$?" --rid "$RUN" --instance "$(hostname)"',
  );
  examples(
    heartbeat
      .command('list')
      .alias('ls')
      .description("A heartbeat rule's heartbeats (one per instance key) and its ping URL")
      .argument('<ruleId>', 'the heartbeat rule')
      .action(
        action(async ({ ctx, printer }, ruleId: string) => {
          const answer = read(
            heartbeatsAnswer,
            await loggedInClient(ctx).request(
              'GET',
              `/api/v1/alert-rule/${encodeURIComponent(ruleId)}/heartbeats`,
            ),
            'the heartbeats',
          );
          if (ctx.output === 'table' && !ctx.quiet) printer.note(`ping URL: ${answer.pingUrl}`);
          printer.list({
            rows: answer.heartbeats,
            columns: [
              { header: 'INSTANCE', value: (h) => h.instance || '(rule)' },
              { header: 'STATE', value: (h) => h.state },
              { header: 'LAST PING', value: (h) => h.lastPingAt ?? '-' },
              { header: 'DOWN AT', value: (h) => h.downAt ?? '-' },
              { header: 'PINGS', value: (h) => String(h.pings) },
            ],
            id: (h) => h.instance,
            empty: 'No heartbeat yet: the first ping creates it.',
            document: answer,
          });
        }),
      ),
    'oncall heartbeat list 01JD0Z…',
    'oncall heartbeat list 01JD0Z… -o json',
  );
}
