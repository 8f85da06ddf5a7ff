import { X509Certificate } from 'node:crypto';
import { DATA_SOURCE_OPTION_LIMITS } from '@oncall/contracts';
import type { AnySourceDefinition } from '@oncall/plugin-sdk';
import type { DataSource } from '../entities/data-source.entity';
import { type FieldErrors, validationFailed } from '../errors/domain-error';
import type { DataSourceConnectionOptions } from '../ports/data-source-querier';

/**
 * The connection options a write may send (see `connectionOptionFields` in the contracts). Left
 * out, a create takes the default and an update keeps what is stored; `null` clears the optional
 * ones.
 */
export interface DataSourceConnectionOptionsInput {
  timeoutSeconds?: number;
  tlsSkipVerify?: boolean;
  caCertificate?: string | null;
  tlsServerName?: string | null;
  pollIntervalSeconds?: number | null;
}

/** The options as a data source stores and reads them. */
export interface StoredConnectionOptions {
  timeoutSeconds: number;
  tlsSkipVerify: boolean;
  caCertificate: string | null;
  tlsServerName: string | null;
  pollIntervalSeconds: number | null;
}

export const DEFAULT_CONNECTION_OPTIONS: StoredConnectionOptions = {
  timeoutSeconds: DATA_SOURCE_OPTION_LIMITS.timeoutSeconds.default,
  tlsSkipVerify: false,
  caCertificate: null,
  tlsServerName: null,
  pollIntervalSeconds: null,
};

const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g;

/**
 * The options to store after a write over `stored` (the defaults on create), checked: every field
 * in range, the CA text one or more certificates that parse, and a poll interval only for a type
 * whose plugin polls (`pollAlerts`). Reports every refused field at once. A stored poll interval
 * is not judged again: an update that leaves it out keeps it even if the plugin no longer polls.
 */
export function mergedConnectionOptions(
  input: DataSourceConnectionOptionsInput,
  stored: StoredConnectionOptions,
  type: string,
  plugin: AnySourceDefinition | undefined,
): StoredConnectionOptions {
  const merged: StoredConnectionOptions = {
    timeoutSeconds: input.timeoutSeconds ?? stored.timeoutSeconds,
    tlsSkipVerify: input.tlsSkipVerify ?? stored.tlsSkipVerify,
    caCertificate: input.caCertificate === undefined ? stored.caCertificate : input.caCertificate || null,
    tlsServerName: input.tlsServerName === undefined ? stored.tlsServerName : input.tlsServerName || null,
    pollIntervalSeconds:
      input.pollIntervalSeconds === undefined ? stored.pollIntervalSeconds : input.pollIntervalSeconds,
  };
  const errors: FieldErrors = {};
  const { timeoutSeconds, pollIntervalSeconds } = DATA_SOURCE_OPTION_LIMITS;
  if (!isIntegerIn(merged.timeoutSeconds, timeoutSeconds.min, timeoutSeconds.max)) {
    errors.timeoutSeconds = [
      `The timeout seconds must be an integer from ${timeoutSeconds.min} to ${timeoutSeconds.max}.`,
    ];
  }
  const caProblem = merged.caCertificate === null ? undefined : caCertificateProblem(merged.caCertificate);
  if (caProblem !== undefined) errors.caCertificate = [caProblem];
  const interval = input.pollIntervalSeconds;
  if (interval !== undefined && interval !== null) {
    if (!isIntegerIn(interval, pollIntervalSeconds.min, pollIntervalSeconds.max)) {
      errors.pollIntervalSeconds = [
        `The poll interval seconds must be an integer from ${pollIntervalSeconds.min} to ${pollIntervalSeconds.max}.`,
      ];
    } else if (plugin?.pollAlerts === undefined) {
      errors.pollIntervalSeconds = [
        plugin === undefined
          ? `No loaded source plugin polls ${type} data sources; leave the poll interval empty.`
          : `The ${plugin.displayName} source plugin does not poll alerts; leave the poll interval empty.`,
      ];
    }
  }
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  return merged;
}

/**
 * Why a CA text cannot be trusted, or undefined when every PEM certificate in it parses. A private
 * key is refused outright: the field is shown to every reader, and a key pasted by mistake would
 * leak. Text between the certificates (an `openssl` bundle's subject lines) is allowed, as TLS
 * ignores it too.
 */
export function caCertificateProblem(pem: string): string | undefined {
  if (pem.includes('PRIVATE KEY-----')) {
    return 'The ca certificate contains a private key; paste the CA certificate only.';
  }
  const blocks = pem.match(PEM_CERTIFICATE) ?? [];
  if (blocks.length === 0) {
    return 'The ca certificate must be a PEM certificate (-----BEGIN CERTIFICATE----- …).';
  }
  for (const [index, block] of blocks.entries()) {
    try {
      new X509Certificate(block);
    } catch {
      const which = blocks.length > 1 ? ` (certificate ${index + 1} of ${blocks.length})` : '';
      return `The ca certificate${which} is not a valid X.509 certificate.`;
    }
  }
  return undefined;
}

/** What the querier and prober get of a stored data source's options. */
export function dataSourceConnectionOptions(source: DataSource): DataSourceConnectionOptions {
  return {
    timeoutMs: source.timeoutSeconds * 1000,
    tls: {
      skipVerify: source.tlsSkipVerify,
      ...(source.caCertificate ? { ca: source.caCertificate } : {}),
      ...(source.tlsServerName ? { serverName: source.tlsServerName } : {}),
    },
  };
}

/** The stored options of a data source, as a write merges over them and reads show them. */
export function storedConnectionOptions(source: DataSource): StoredConnectionOptions {
  return {
    timeoutSeconds: source.timeoutSeconds,
    tlsSkipVerify: source.tlsSkipVerify,
    caCertificate: source.caCertificate ?? null,
    tlsServerName: source.tlsServerName ?? null,
    pollIntervalSeconds: source.pollIntervalSeconds ?? null,
  };
}

function isIntegerIn(value: number, min: number, max: number): boolean {
  return Number.isInteger(value) && value >= min && value <= max;
}

/**
 * The options that decide whom the credentials may reach over TLS, by the words an error names
 * them with (see `changedDestinationField`): trusting another CA or any certificate, or checking
 * another name, lets another server pass for the source, like a changed URL.
 */
export function tlsTrustFields(options: StoredConnectionOptions): Record<string, string | null> {
  return {
    'TLS verification': options.tlsSkipVerify ? 'skipped' : null,
    'CA certificate': options.caCertificate,
    'TLS server name': options.tlsServerName,
  };
}
