import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';

const WAIT_MS = 30_000;

/**
 * A tmux server of its own (its own socket), started from the test process so that the programs it
 * runs share the test's session keyring. Each window runs one command line and prints its exit
 * status after it, so a test can read both the screen and the outcome.
 */
export class Tmux {
  private readonly socket = `oncall-cli-test-${process.pid}-${randomBytes(3).toString('hex')}`;

  private tmux(...args: string[]): string {
    const result = spawnSync('tmux', ['-L', this.socket, ...args], { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`tmux ${args[0]} failed: ${result.stderr}`);
    return result.stdout;
  }

  start(name: string, command: string[], env: Record<string, string>): void {
    const quoted = command.map((part) => `'${part.replace(/'/g, `'\\''`)}'`).join(' ');
    const envFlags = Object.entries(env).flatMap(([key, value]) => ['-e', `${key}=${value}`]);
    this.tmux(
      'new-session',
      '-d',
      '-s',
      name,
      '-x',
      '200',
      '-y',
      '50',
      ...envFlags,
      `bash -c '${`${quoted}; echo "EXIT=$?"; sleep 600`.replace(/'/g, `'\\''`)}'`,
    );
  }

  screen(name: string): string {
    return this.tmux('capture-pane', '-p', '-t', name);
  }

  /** Literal text (no key names), then Enter when asked. */
  type(name: string, text: string, enter = true): void {
    this.tmux('send-keys', '-t', name, '-l', text);
    if (enter) this.tmux('send-keys', '-t', name, 'Enter');
  }

  key(name: string, key: string): void {
    this.tmux('send-keys', '-t', name, key);
  }

  async waitFor(name: string, test: (screen: string) => boolean, what: string): Promise<string> {
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      const screen = this.screen(name);
      if (test(screen)) return screen;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; the screen:\n${screen}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  stop(): void {
    spawnSync('tmux', ['-L', this.socket, 'kill-server']);
  }
}
