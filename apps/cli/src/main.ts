import { CommanderError } from 'commander';
import { CliError } from './errors/cli-error';
import { ExitCode } from './errors/exit-codes';
import { buildProgram } from './program';

/** Commander's own exits (help, version, usage) and ours, mapped once to the documented codes. */
async function main(argv: string[]): Promise<number> {
  const program = buildProgram();
  program.exitOverride();
  for (const command of program.commands) applyExitOverride(command);
  try {
    await program.parseAsync(argv);
    return ExitCode.ok;
  } catch (error) {
    if (error instanceof CommanderError) {
      const fine = ['commander.helpDisplayed', 'commander.version', 'commander.help'].includes(error.code);
      return fine || error.exitCode === 0 ? ExitCode.ok : ExitCode.usage;
    }
    if (error instanceof CliError) {
      process.stderr.write(`error: ${error.message}\n`);
      return error.exitCode;
    }
    // A prompt ended with Ctrl-C or Ctrl-D.
    if (error instanceof Error && error.name === 'ExitPromptError') {
      process.stderr.write('cancelled\n');
      return ExitCode.usage;
    }
    process.stderr.write(`error: unexpected failure (a bug, please report it): ${String(error)}\n`);
    if (error instanceof Error && error.stack) process.stderr.write(`${error.stack}\n`);
    return ExitCode.unexpected;
  }
}

function applyExitOverride(command: ReturnType<typeof buildProgram>): void {
  command.exitOverride();
  for (const child of command.commands) applyExitOverride(child);
}

process.exitCode = await main(process.argv);
