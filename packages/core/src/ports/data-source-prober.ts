import type { DataSourceType } from '../entities/data-source.entity';

/** What a connection check needs: the stored connection with its secrets opened. */
export interface DataSourceProbeTarget {
  type: DataSourceType;
  url: string;
  username: string | null;
  password: string | null;
  apiToken: string | null;
}

/** `message` says why in a few words (`HTTP 401 from /api/health`); never a response body. */
export interface DataSourceProbeResult {
  isConnected: boolean;
  message: string;
}

/**
 * Connects to a data source the way its type expects and reports whether it answered. Implemented
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
