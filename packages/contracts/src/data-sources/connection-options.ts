import { z } from 'zod';

/** The limits of a data source's connection options, shared by the faces, the core and the docs. */
export const DATA_SOURCE_OPTION_LIMITS = {
  timeoutSeconds: { min: 1, max: 60, default: 5 },
  pollIntervalSeconds: { min: 10, max: 3600 },
  /** 64 KiB of PEM holds a chain of dozens of certificates. */
  caCertificateChars: 64 * 1024,
  tlsServerNameChars: 253,
} as const;

const { timeoutSeconds, pollIntervalSeconds, caCertificateChars, tlsServerNameChars } =
  DATA_SOURCE_OPTION_LIMITS;

const integerBetween = (label: string, min: number, max: number) =>
  z
    .number({ error: `The ${label} must be an integer.` })
    .int(`The ${label} must be an integer.`)
    .min(min, `The ${label} must be at least ${min}.`)
    .max(max, `The ${label} may not be greater than ${max}.`);

// A DNS name as SNI carries it: dot-separated labels of letters, digits and inner hyphens.
const HOSTNAME =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** Text where `""` means "none", as a form's empty field sends it: stored as null. */
const emptyAsNull = (value: string | null | undefined) => (value === '' ? null : value);

/**
 * How the host connects to a data source, besides its URL and credentials. Every field may be left
 * out: a create then takes the default, an update keeps what is stored (so a client that knows
 * nothing of these fields keeps them as they are). Whether the CA text is a certificate and whether
 * the type can be polled are the use case's checks (they need node:crypto and the plugins).
 */
export const connectionOptionFields = {
  timeoutSeconds: integerBetween('timeout seconds', timeoutSeconds.min, timeoutSeconds.max)
    .optional()
    .describe(
      `one status check or query of the source ends after this long (${timeoutSeconds.min}–${timeoutSeconds.max}); default ${timeoutSeconds.default}`,
    ),
  tlsSkipVerify: z
    .boolean({ error: 'The tls skip verify field must be true or false.' })
    .optional()
    .describe(
      'accept any server certificate (self-signed, expired, another name): still encrypted, but anyone on the path can read and change the traffic, credentials included. Prefer caCertificate. Default false',
    ),
  caCertificate: z
    .string({ error: 'The ca certificate must be a string.' })
    .trim()
    .max(caCertificateChars, `The ca certificate may not be greater than ${caCertificateChars} characters.`)
    .nullish()
    .transform(emptyAsNull)
    .describe(
      'PEM certificate(s) of a CA trusted besides the system roots for an https source; null or "" for none. Public: shown in reads',
    ),
  tlsServerName: z
    .string({ error: 'The tls server name must be a string.' })
    .trim()
    .toLowerCase()
    .max(tlsServerNameChars, `The tls server name may not be greater than ${tlsServerNameChars} characters.`)
    .refine((value) => value === '' || HOSTNAME.test(value), 'The tls server name must be a host name.')
    .nullish()
    .transform(emptyAsNull)
    .describe(
      'the name sent as SNI and checked against the certificate instead of the url\'s host; null or "" for the url\'s host',
    ),
  pollIntervalSeconds: integerBetween(
    'poll interval seconds',
    pollIntervalSeconds.min,
    pollIntervalSeconds.max,
  )
    .nullish()
    .describe(
      `poll the source's active alerts this often (${pollIntervalSeconds.min}–${pollIntervalSeconds.max}); null: not polled (default). Only for types whose plugin polls`,
    ),
};

/** The options as reads show them, every one present. */
export const connectionOptionViewFields = {
  timeoutSeconds: z.number().int().describe('one status check or query ends after this long'),
  tlsSkipVerify: z.boolean().describe('any server certificate is accepted'),
  caCertificate: z.string().nullable().describe('PEM certificate(s) trusted besides the system roots'),
  tlsServerName: z.string().nullable().describe("the TLS server name used instead of the url's host"),
  pollIntervalSeconds: z.number().int().nullable().describe('how often the source is polled; null: never'),
};
