import type { SmtpTls } from '@oncall/contracts';
import type { SecretField } from '../crypto/submitted-secret';
import type { ProviderKind } from '../entities/provider-config.entity';

/**
 * What a create or update carries per kind. On update, an optional field left out keeps its
 * stored value and `null` or `""` clears it; secrets also keep their value when sent back masked.
 */
export type CallConfigInput = {
  name: string;
  provider: 'providerOne';
  apiToken?: string | null;
  /** providerOne's API base URL; the channel's default when absent. */
  baseUrl?: string | null;
};

export type SmsConfigInput = CallConfigInput & { senderNumber: string };

export type EmailConfigInput = {
  name: string;
  provider?: 'smtp';
  host: string;
  port: string;
  username?: string | null;
  password?: string | null;
  fromAddress: string;
  /** TLS from the first byte; absent means "decide from the port" (465). */
  secure?: boolean | null;
  /** Overrides `secure`: `none` is the only way to allow plain text. */
  tls?: SmtpTls | null;
};

export interface ProviderConfigInputs {
  call: CallConfigInput;
  sms: SmsConfigInput;
  email: EmailConfigInput;
}

/** A value per stored key: text sets it, `null` clears it, `undefined` keeps what is stored. */
export type SettingsPatch = Record<string, string | null | undefined>;

/** An input split into what is stored in the clear and what is sealed. */
export interface ProviderConfigFields {
  name: string;
  provider: string;
  settings: SettingsPatch;
  secrets: Array<{ field: SecretField; sent: string | null | undefined }>;
  /**
   * The settings that decide where the secrets are sent, or how they are protected on the way:
   * changing one needs the secrets again.
   */
  destination: readonly string[];
}

const API_TOKEN: SecretField = {
  path: 'apiToken',
  label: 'api token',
  requiredMessage: 'The api token field is required.',
};

const SPLIT: { [K in ProviderKind]: (input: ProviderConfigInputs[K]) => ProviderConfigFields } = {
  call: (input) => ({
    name: input.name,
    provider: input.provider,
    settings: { baseUrl: input.baseUrl },
    secrets: [{ field: API_TOKEN, sent: input.apiToken }],
    destination: ['baseUrl'],
  }),
  sms: (input) => ({
    name: input.name,
    provider: input.provider,
    settings: { senderNumber: input.senderNumber, baseUrl: input.baseUrl },
    secrets: [{ field: API_TOKEN, sent: input.apiToken }],
    destination: ['baseUrl'],
  }),
  email: (input) => ({
    name: input.name,
    provider: input.provider ?? 'smtp',
    settings: {
      host: input.host,
      port: input.port,
      username: input.username,
      fromAddress: input.fromAddress,
      // Settings are text (the column's type); the engine reads 'true' / 'false'.
      secure: input.secure === undefined || input.secure === null ? input.secure : String(input.secure),
      tls: input.tls,
    },
    secrets: [{ field: { path: 'password', label: 'password' }, sent: input.password }],
    // `secure` and `tls` decide whether the password may cross the network in plain text. The
    // username is not one: a new one sends the password to the same server, protected alike.
    destination: ['host', 'port', 'secure', 'tls'],
  }),
};

export function splitProviderConfigInput<K extends ProviderKind>(
  kind: K,
  input: ProviderConfigInputs[K],
): ProviderConfigFields {
  const split: (input: ProviderConfigInputs[K]) => ProviderConfigFields = SPLIT[kind];
  return split(input);
}

/** Applies a patch to stored settings; `null` and `""` remove a key. */
export function patchSettings(stored: Record<string, string>, patch: SettingsPatch): Record<string, string> {
  const next = { ...stored };
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    if (value === null || value === '') delete next[key];
    else next[key] = value;
  }
  return next;
}
