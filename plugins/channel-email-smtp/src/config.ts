import { wireFields, z } from '@oncall/plugin-sdk';

// Legacy clients send "" for a field they leave empty.
const optionalText = z
  .string()
  .optional()
  .transform((value) => value || undefined);

/**
 * How the connection to the SMTP server is protected: `implicit` TLS from the first byte (port
 * 465), `starttls` upgraded before anything else is said (a server that does not offer it is
 * refused), or `none`: plain text allowed, upgraded only when the server offers STARTTLS.
 */
export const SMTP_TLS_MODES = ['starttls', 'implicit', 'none'] as const;
export type SmtpTlsMode = (typeof SMTP_TLS_MODES)[number];

/**
 * The email provider config. `port` is a string on the wire (legacy contract) and a number here.
 * `tls` says how the connection is protected; without it the legacy `secure` decides (`true`: TLS
 * from the first byte, `false`: STARTTLS), and without either, the port (465 implicit, else
 * STARTTLS). Plain text is never the default.
 */
export const smtpConfigSchema = z.object({
  host: z.string().trim().min(1),
  port: z
    .union([z.literal(''), z.coerce.number().int().min(1).max(65_535)])
    .optional()
    .transform((port) => (port === '' || port === undefined ? 587 : port)),
  username: optionalText,
  password: optionalText,
  fromAddress: z.email(),
  secure: z.boolean().optional(),
  tls: z.enum(SMTP_TLS_MODES).optional(),
});

/** The TLS mode a config asks for, by `tls`, the legacy `secure`, then the port. */
export function tlsModeOf(config: Pick<SmtpConfig, 'tls' | 'secure' | 'port'>): SmtpTlsMode {
  if (config.tls !== undefined) return config.tls;
  return (config.secure ?? config.port === 465) ? 'implicit' : 'starttls';
}

export type SmtpConfig = z.output<typeof smtpConfigSchema>;

const PORT_MESSAGE = 'The port must be a number between 1 and 65535.';

/**
 * The email provider config as clients write it: `port` a string of digits (the legacy contract
 * refuses a JSON number), host, port and sender address required, `secure` and `tls` clearable.
 * The password is a secret, which the host writes.
 */
export const smtpConfigFields = z.object({
  // Where the socket connects: a host name or an IP address, never a URL with a scheme or path.
  host: wireFields
    .requiredText('host', 253)
    .regex(/^[A-Za-z0-9._:-]*$/, 'The host must be a host name or IP address.'),
  port: z
    .string({
      error: (issue) =>
        issue.input === undefined ? 'The port field is required.' : 'The port must be a string.',
    })
    .trim()
    .min(1, 'The port field is required.')
    .refine(
      (port) => port === '' || (/^\d{1,5}$/.test(port) && Number(port) >= 1 && Number(port) <= 65_535),
      PORT_MESSAGE,
    )
    .describe(
      'Digits, 1..65535. Requests carrying `X-Cluster` (the original web UI) may send a JSON integer and are answered a number.',
    ),
  username: wireFields.optionalText('username'),
  fromAddress: wireFields.emailAddress('from address'),
  secure: wireFields
    .optionalBoolean('secure')
    .describe(
      'Extension (legacy): true is tls "implicit", false is tls "starttls". Default: implicit on port 465.',
    ),
  tls: wireFields
    .choice('tls', SMTP_TLS_MODES)
    .nullish()
    .describe(
      'Extension: "starttls" (required; a server without it is refused), "implicit" (TLS from the first byte) ' +
        'or "none" (plain text allowed). Default: from secure, else implicit on port 465 and starttls elsewhere.',
    ),
});
