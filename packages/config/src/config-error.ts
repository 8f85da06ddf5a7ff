/** Raised at start-up when the environment cannot make a valid configuration; names each bad variable. */
export class ConfigError extends Error {
  constructor(readonly problems: Array<{ variable: string; message: string }>) {
    super(`Invalid configuration:\n${problems.map((p) => `  ${p.variable}: ${p.message}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}
