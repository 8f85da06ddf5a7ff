import type { Command } from 'commander';
import { actionAnswer, read, ruleAnswer } from '../api/answers';
import { loggedInClient } from '../session/logged-in-client';
import { action, examples } from './command-kit';

const path = (verb: string, id: string) => `/api/v1/alert-rule/${verb}/${encodeURIComponent(id)}`;

export function ruleActionCommands(program: Command): void {
  examples(
    program
      .command('ack')
      .description('Acknowledge what fires on alert rules, as you')
      .argument('<ids...>', 'alert rule ids')
      .action(
        action(async ({ ctx, printer }, ids: string[]) => {
          const client = loggedInClient(ctx);
          for (const id of ids) {
            const answer = read(
              actionAnswer,
              await client.request('POST', path('acknowledge', id)),
              'acknowledge',
            );
            printer.done(answer, `${id}: ${answer.message}`, id);
          }
        }),
      ),
    'oncall ack 01JD0Z…',
    'oncall now -q | xargs oncall ack',
  );
  examples(
    program
      .command('resolve')
      .description('Resolve alert rules by hand')
      .argument('<ids...>', 'alert rule ids')
      .action(
        action(async ({ ctx, printer }, ids: string[]) => {
          const client = loggedInClient(ctx);
          for (const id of ids) {
            const answer = read(actionAnswer, await client.request('POST', path('resolve', id)), 'resolve');
            printer.done(answer, `${id}: ${answer.message}`, id);
          }
        }),
      ),
    'oncall resolve 01JD0Z…',
  );
  examples(
    program
      .command('silence')
      .description('Silence alert rules for you (or, with --off, hear them again)')
      .argument('<ids...>', 'alert rule ids')
      .option('--off', 'end the silence')
      .action(
        action(async ({ ctx, printer }, ids: string[], options: { off?: boolean }) => {
          const client = loggedInClient(ctx);
          const wanted = options.off ? 'active' : 'silent';
          for (const id of ids) {
            // The server's call toggles: read first so that running this twice leaves it as asked.
            let rule = read(
              ruleAnswer,
              await client.request('GET', `/api/v1/alert-rule/${encodeURIComponent(id)}`),
              'the rule',
            );
            if (rule.silentStatus !== wanted) {
              rule = read(ruleAnswer, await client.request('POST', path('silent', id)), 'silence');
            }
            const sentence = `${rule.name} (${id}): ${rule.silentStatus === 'silent' ? 'silenced for you' : 'not silenced'}`;
            printer.done(rule, sentence, id);
          }
        }),
      ),
    'oncall silence 01JD0Z…',
    'oncall silence --off 01JD0Z…',
  );
}
