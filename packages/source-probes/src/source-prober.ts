import type { DataSourceProbeResult, DataSourceProber } from '@oncall/core';
import { createHostFetch, type HostFetch } from '@oncall/net-guard';
import type { ProbeStep } from '@oncall/plugin-sdk';
import { readBoundedJson } from './bounded-json';
import { timeLimitMs, tlsSettings } from './connection-settings';
import { credentialHeaders } from './credentials';
import { failureMessage } from './failure-message';
import { INTERNAL_NETWORKS } from './internal-networks';
import { probeUrl } from './probe-url';

export interface SourceProberOptions {
  /**
   * The whole check of a target without options, every step included, ends after this long.
   * Default 5000. A target's `options.timeoutMs` (the source's own limit) replaces it.
   */
  readonly timeoutMs?: number;
  /** No check runs longer, whatever its target asks. Default 60000, the longest a source may set. */
  readonly maxTimeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 5_000;
const DEFAULT_MAX_TIMEOUT_MS = 60_000;

/** What every step of one check shares. */
interface Check {
  readonly fetch: HostFetch['fetch'];
  readonly baseUrl: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly signal: AbortSignal;
  readonly timeoutMs: number;
}

/** `final`: no other path can help (no HTTP answer, or a redirect to follow by hand). */
type StepOutcome = DataSourceProbeResult & { final: boolean };

/**
 * The status check of a data source, as its source plugin's plan says (`probe`: the paths to try,
 * how to send the credentials), over HTTP(S) only, through the SSRF guard opened
 * for internal networks (see INTERNAL_NETWORKS). Redirects are reported, not followed: credentials
 * (Metabase's `x-api-key` among them) never travel to an address the admin did not enter. Each
 * check gets its own connection pool, closed afterwards: checks are rare, and nothing lingers
 * between them. The target's options set the check's time limit (bounded by `maxTimeoutMs`) and
 * how its certificate is trusted. Resolves, never rejects.
 *
 * @example const core = createCore({ ..., dataSourceProber: createSourceProber() });
 */
export function createSourceProber(options: SourceProberOptions = {}): DataSourceProber {
  const limits = {
    defaultMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    maxMs: options.maxTimeoutMs ?? DEFAULT_MAX_TIMEOUT_MS,
  };
  return {
    async probe(target) {
      const { plan } = target;
      const timeoutMs = timeLimitMs(limits, target.options);
      const host = createHostFetch({ allowedAddresses: INTERNAL_NETWORKS, tls: tlsSettings(target.options) });
      const check: Check = {
        fetch: host.fetch,
        baseUrl: target.url,
        headers: credentialHeaders(target),
        signal: AbortSignal.timeout(timeoutMs),
        timeoutMs,
      };
      try {
        const [first, ...fallbacks] = plan.steps;
        let outcome = await attempt(check, first);
        for (const step of fallbacks) {
          if (outcome.isConnected || outcome.final) break;
          outcome = await attempt(check, step);
        }
        return { isConnected: outcome.isConnected, message: outcome.message };
      } finally {
        await host.close();
      }
    },
  };
}

async function attempt(check: Check, step: ProbeStep): Promise<StepOutcome> {
  try {
    const url = probeUrl(check.baseUrl, step);
    const response = await check.fetch(url, {
      method: step.method,
      headers: {
        accept: 'application/json',
        ...check.headers,
        ...(step.json === undefined ? {} : { 'content-type': 'application/json-rpc' }),
      },
      body: step.json === undefined ? undefined : JSON.stringify(step.json),
      signal: check.signal,
      redirect: 'manual',
    });
    const where = `from ${url.pathname}`;
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location !== null) {
      await response.body?.cancel();
      const target = new URL(location, url).href;
      return {
        isConnected: false,
        final: true,
        message: `Redirected ${where} to ${target}; enter the address it redirects to.`,
      };
    }
    if (!response.ok) {
      await response.body?.cancel();
      return { isConnected: false, final: false, message: `HTTP ${response.status} ${where}.` };
    }
    if (!step.accept) await response.body?.cancel();
    else if (!step.accept(await readBoundedJson(response))) {
      return { isConnected: false, final: false, message: `Unexpected answer ${where}.` };
    }
    return { isConnected: true, final: true, message: `HTTP ${response.status} ${where}.` };
  } catch (error) {
    return {
      isConnected: false,
      final: true,
      message: failureMessage(error, check.signal.aborted, check.timeoutMs),
    };
  }
}
