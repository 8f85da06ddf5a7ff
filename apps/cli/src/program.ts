import { Command, Option } from 'commander';
import { OUTPUT_FORMATS, PROFILE_ENV, ZONE_ENV } from './cli-context';
import { alertRuleCommands } from './commands/alert-rule-commands';
import { authCommands } from './commands/auth-commands';
import { completionCommand } from './commands/completion-command';
import { configCommands } from './commands/config-commands';
import { heartbeatCommands } from './commands/heartbeat-commands';
import { nowCommand } from './commands/now-command';
import { ruleActionCommands } from './commands/rule-action-commands';
import { scheduleCommands } from './commands/schedule-commands';
import { statusCommand } from './commands/status-command';
import { zoneCommands } from './commands/zone-commands';
import { EXIT_CODE_MEANINGS, ExitCode } from './errors/exit-codes';
import { API_URL_ENV, DEFAULT_API_URL } from './settings/api-address';

declare const CLI_VERSION: string | undefined;

const EXIT_CODES = Object.values(ExitCode)
  .map((code) => `  ${code}  ${EXIT_CODE_MEANINGS[code]}`)
  .join('\n');

export function buildProgram(): Command {
  const program = new Command('oncall')
    .description('The terminal client of the alerting service: alert rules, what fires, timelines, acks.')
    .version(typeof CLI_VERSION === 'string' ? CLI_VERSION : '0.0.0-dev', '-V, --version')
    .addOption(
      new Option(
        '--api-url <url>',
        `server address (then $${API_URL_ENV}, the config file, ${DEFAULT_API_URL})`,
      ),
    )
    .addOption(
      new Option('--profile <name>', 'named profile: its own server, user and tokens').env(PROFILE_ENV),
    )
    .addOption(
      new Option('--zone <id>', 'the zone to act in, sent as X-Cluster (see: zone list)').env(ZONE_ENV),
    )
    .addOption(new Option('-o, --output <format>', 'output format').choices(OUTPUT_FORMATS))
    .option('-q, --quiet', 'print ids only, one per line (for pipes)')
    .option('--no-color', 'no color (NO_COLOR is respected too)')
    .showHelpAfterError('(add --help for usage)')
    .showSuggestionAfterError()
    .addHelpText(
      'after',
      `
Examples:
  $ oncall login -u alice
  $ oncall alert-rules list --state critical
  $ oncall status --from 7d
  $ oncall now --watch

Exit codes:
${EXIT_CODES}

Docs: docs/cli.md`,
    );
  authCommands(program);
  configCommands(program);
  alertRuleCommands(program);
  statusCommand(program);
  nowCommand(program);
  ruleActionCommands(program);
  zoneCommands(program);
  heartbeatCommands(program);
  scheduleCommands(program);
  completionCommand(program);
  return program;
}
