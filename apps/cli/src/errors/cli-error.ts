import type { ExitCodeValue } from './exit-codes';

/** A failure to report in one sentence (or a few) on stderr, ending the process with `exitCode`. */
export class CliError extends Error {
  constructor(
    readonly exitCode: ExitCodeValue,
    message: string,
  ) {
    super(message);
    this.name = 'CliError';
  }
}
