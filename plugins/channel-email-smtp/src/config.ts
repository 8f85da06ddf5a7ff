import { z } from '@oncall/plugin-sdk';

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
