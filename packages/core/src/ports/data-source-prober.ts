import type { ProbePlan } from '@oncall/plugin-sdk';
import type { DataSourceConnectionOptions } from './data-source-querier';

/**
 * What a connection check needs: the stored connection with its secrets opened, how the type's
 * source plugin says to check it (`probe`), and the source's connection options (without them, the
 * prober's default time limit and full verification against the system's roots).
 */
export interface DataSourceProbeTarget {
  type: string;
  plan: ProbePlan;
  url: string;
  username: string | null;
  password: string | null;
  apiToken: string | null;
  options?: DataSourceConnectionOptions;
}

/** `message` says why in a few words (`HTTP 401 from /api/health`); never a response body. */
export interface DataSourceProbeResult {
  isConnected: boolean;
  message: string;
}

/**
 * Connects to a data source as its plan says and reports whether it answered. Implemented
 * outside the core (`@oncall/source-probes`) because it speaks HTTP; it must resolve, never reject,
 * and bound its own time.
 */
export interface DataSourceProber {
  probe(target: DataSourceProbeTarget): Promise<DataSourceProbeResult>;
}

/**
 * The prober a core gets when its composition root names none (a worker, a unit test): it never
 * connects, and says so, rather than reporting a source as reachable or as down.
 */
export const unconfiguredProber: DataSourceProber = {
  probe: async () => ({ isConnected: false, message: 'No connection check is configured in this process.' }),
};
