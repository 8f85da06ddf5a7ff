import { z } from '@oncall/plugin-sdk';

// Legacy clients send "" for a field they leave empty.
const optionalText = z
  .string()
  .optional()
  .transform((value) => value || undefined);

/**
 * The email provider config. `port` is a string on the wire (legacy contract) and a number here;
 * `secure` means TLS from the first byte (port 465) and otherwise STARTTLS when the server offers it.
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
});

export type SmtpConfig = z.output<typeof smtpConfigSchema>;
