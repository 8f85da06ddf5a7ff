import type { Command } from 'commander';
import { OUTPUT_FORMATS } from '../cli-context';
import { CliError } from '../errors/cli-error';
import { ExitCode } from '../errors/exit-codes';
import { normalizeApiUrl } from '../settings/api-address';
import { type ProfileSettings, readConfigFile, updateProfile } from '../settings/config-file';
import { action, examples } from './command-kit';

/** The settings `config set|get|unset` know, by the name users type. */
const KEYS = {
  'api-url': {
    field: 'apiUrl',
    check: (value: string) => normalizeApiUrl(value, 'config set api-url'),
  },
  zone: { field: 'zone', check: (value: string) => value.trim() },
  output: {
    field: 'output',
    check: (value: string) => {
      if (!(OUTPUT_FORMATS as readonly string[]).includes(value)) {
        throw new CliError(ExitCode.usage, `output must be one of ${OUTPUT_FORMATS.join(', ')}.`);
      }
      return value;
    },
  },
} as const satisfies Record<string, { field: keyof ProfileSettings; check: (value: string) => string }>;

type Key = keyof typeof KEYS;

function keyOf(name: string): Key {
  if (name in KEYS) return name as Key;
  throw new CliError(ExitCode.usage, `Unknown setting "${name}"; known: ${Object.keys(KEYS).join(', ')}.`);
}

export function configCommands(program: Command): void {
  const config = program
    .command('config')
    .description(`Settings per profile in the config file (XDG: $XDG_CONFIG_HOME/oncall/config.json)`);
  examples(
    config
      .command('set')
      .description(`Set a setting of the profile (${Object.keys(KEYS).join(', ')})`)
      .argument('<key>')
      .argument('<value>')
      .action(
        action(({ ctx, printer }, name: string, value: string) => {
          const key = keyOf(name);
          const checked = KEYS[key].check(value);
          updateProfile(
            ctx.profile,
            (settings) => ({ ...settings, [KEYS[key].field]: checked }),
            ctx.configPath,
          );
          printer.note(`${name} = ${checked} (profile "${ctx.profile}", ${ctx.configPath})`);
        }),
      ),
    'oncall config set api-url https://oncall.example.com',
    'oncall config set output json --profile ci',
  );
  examples(
    config
      .command('get')
      .description('Print one setting of the profile, or all of them')
      .argument('[key]')
      .action(
        action(({ ctx, printer }, name: string | undefined) => {
          const settings = readConfigFile(ctx.configPath).profiles[ctx.profile] ?? {};
          if (name !== undefined) {
            const value = settings[KEYS[keyOf(name)].field];
            if (value === undefined)
              throw new CliError(ExitCode.notFound, `${name} is not set (profile "${ctx.profile}").`);
            printer.line(String(value));
            return;
          }
          const rows = Object.entries(KEYS).map(([key, { field }]) => ({
            key,
            value: settings[field] ?? '',
          }));
          printer.list({
            rows,
            columns: [
              { header: 'KEY', value: (row) => row.key },
              { header: 'VALUE', value: (row) => String(row.value) },
            ],
            id: (row) => row.key,
            document: settings,
          });
        }),
      ),
    'oncall config get api-url',
    'oncall config get -o json',
  );
  examples(
    config
      .command('unset')
      .description('Remove a setting of the profile')
      .argument('<key>')
      .action(
        action(({ ctx, printer }, name: string) => {
          const { field } = KEYS[keyOf(name)];
          updateProfile(ctx.profile, ({ [field]: _, ...rest }) => rest, ctx.configPath);
          printer.note(`${name} unset (profile "${ctx.profile}").`);
        }),
      ),
    'oncall config unset zone',
  );
  examples(
    config
      .command('path')
      .description('Print where the config file is')
      .action(action(({ ctx, printer }) => printer.line(ctx.configPath))),
    'oncall config path',
  );
}
