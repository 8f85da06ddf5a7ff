import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { FromProbe, ProbeTargets, ProbeWindow, ToProbe } from './probe-protocol';

/** The probe process (`probe-process.ts`) as the guard drives it. */
export interface Probe {
  /** The fake SMS vendor's base URL (a providerOne config's `baseUrl`). */
  readonly smsUrl: string;
  /** The fake chat webhook's base URL. */
  readonly chatUrl: string;
  configure(targets: ProbeTargets): void;
  /** Starts polling `/healthz` and firing probe pages. */
  begin(): void;
  /** Stops and answers the window's samples, waiting up to `graceMs` for pages still on their way. */
  end(graceMs: number): Promise<ProbeWindow>;
  /** One `/healthz` answer time outside any window. */
  healthz(): Promise<number>;
  /** The next SMS that is not a probe page (a one-time code) whose text matches `pattern`. */
  nextSms(pattern: RegExp, timeoutMs: number): Promise<string>;
  stop(): Promise<void>;
}

export async function startProbe(): Promise<Probe> {
  // TypeScript as the guard runs it (tsx), with the `development` condition that resolves the
  // workspace packages to their sources.
  const child = fork(fileURLToPath(new URL('./probe-process.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx', '--conditions=development'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const listeners = new Set<(message: FromProbe) => void>();
  child.on('message', (message: FromProbe) => {
    for (const listener of [...listeners]) listener(message);
  });
  const next = <T extends FromProbe['type']>(
    type: T,
    timeoutMs: number,
    accept: (message: Extract<FromProbe, { type: T }>) => boolean = () => true,
  ): Promise<Extract<FromProbe, { type: T }>> =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        listeners.delete(listener);
        reject(new Error(`The probe sent no ${type} within ${timeoutMs} ms`));
      }, timeoutMs);
      const listener = (message: FromProbe) => {
        if (message.type !== type) return;
        const typed = message as Extract<FromProbe, { type: T }>;
        if (!accept(typed)) return;
        clearTimeout(timer);
        listeners.delete(listener);
        resolve(typed);
      };
      listeners.add(listener);
    });
  const send = (message: ToProbe) => child.send(message);
  const errored = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`The probe process exited with ${code}`))),
  );
  const ready = await Promise.race([next('ready', 30_000), errored]);
  return {
    smsUrl: ready.smsUrl,
    chatUrl: ready.chatUrl,
    configure: (targets) => send({ type: 'configure', targets }),
    begin: () => send({ type: 'begin' }),
    async end(graceMs) {
      const answer = next('window', graceMs + 120_000);
      send({ type: 'end', graceMs });
      return (await answer).window;
    },
    async healthz() {
      const answer = next('healthz', 120_000);
      send({ type: 'healthz' });
      return (await answer).ms;
    },
    async nextSms(pattern, timeoutMs) {
      return (await next('sms', timeoutMs, (message) => pattern.test(message.message))).message;
    },
    async stop() {
      const stopped = next('stopped', 10_000).catch(() => undefined);
      send({ type: 'stop' });
      await stopped;
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}
