import { type Command, InvalidArgumentError } from 'commander';
import { type CliContext, contextOf, type GlobalOptions } from '../cli-context';
import { Printer } from '../output/printer';

export interface Run {
  ctx: CliContext;
  printer: Printer;
  command: Command;
}

/**
 * Commander calls an action with its arguments, its options and the command last: this reads the
 * global flags, the environment and the config file into one context before the command runs.
 */
export function action<A extends unknown[]>(handler: (run: Run, ...args: A) => Promise<void> | void) {
  return async (...given: unknown[]) => {
    const command = given.at(-1) as Command;
    const ctx = contextOf(command);
    const printer = new Printer(ctx, command.optsWithGlobals<GlobalOptions>().color);
    if (ctx.output === 'yaml') printer.yaml = (await import('yaml')).stringify;
    await handler({ ctx, printer, command }, ...(given.slice(0, -1) as A));
  };
}

export function examples(command: Command, ...lines: string[]): Command {
  return command.addHelpText('after', `\nExamples:\n${lines.map((line) => `  $ ${line}`).join('\n')}\n`);
}

export function positiveInt(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(n) || n < 1) {
    throw new InvalidArgumentError('expected a whole number of 1 or more.');
  }
  return n;
}

export const commaList = (value: string, previous: string[] = []) => [
  ...previous,
  ...value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean),
];
