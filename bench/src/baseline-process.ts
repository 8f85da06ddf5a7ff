import { fileURLToPath } from 'node:url';
import { processCpuMs, spawnListening, stopChild } from './server-process';

export interface BaselineProcess {
  /** `POST` a JSON body here: one INSERT (and the forward, if any), answered `{status: true}`. */
  url: string;
  /** `POST` a JSON array of postable alerts here: one INSERT of a row per alert. */
  batchUrl: string;
  /** CPU time the process has used so far, in ms. */
  cpuMs(): number;
  stop(): Promise<void>;
}

/**
 * The bare Fastify + single INSERT server (`baseline-server.ts`) in its own process, like the real one;
 * given `forwardUrl` (a fake providerOne), each request also makes one local POST there; with
 * `forwardShape` `webhook`, `forwardUrl` is a chat webhook's URL, POSTed a JSON `{text}`.
 */
export async function startBaselineProcess(
  databaseUrl: string,
  port: number,
  forwardUrl?: string,
  forwardShape: 'sms' | 'webhook' = 'sms',
): Promise<BaselineProcess> {
  const child = await spawnListening(process.execPath, ['--import', 'tsx', 'src/baseline-server.ts'], {
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      ...(forwardUrl === undefined ? {} : { FORWARD_URL: forwardUrl, FORWARD_SHAPE: forwardShape }),
    },
  });
  return {
    url: `http://127.0.0.1:${port}/ingest`,
    batchUrl: `http://127.0.0.1:${port}/ingest-batch`,
    cpuMs: () => processCpuMs(child),
    stop: () => stopChild(child),
  };
}
