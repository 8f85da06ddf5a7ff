import { SMTP_TLS_VALUES, type SmtpTls } from '@oncall/contracts';
import { maskSecret } from '../crypto/secret-box';
import type { ProviderConfig } from '../entities/provider-config.entity';

interface ProviderConfigViewBase {
  id: string;
  name: string;
  provider: string;
  isDefault: boolean;
  isBackup: boolean;
  createdAt: string;
  updatedAt: string;
}

export type CallConfigView = ProviderConfigViewBase & {
  kind: 'call';
  /** Masked. */
  apiToken: string;
  baseUrl: string | null;
};

export type SmsConfigView = ProviderConfigViewBase & {
  kind: 'sms';
  /** Masked. */
  apiToken: string;
  senderNumber: string;
  baseUrl: string | null;
};

export type EmailConfigView = ProviderConfigViewBase & {
  kind: 'email';
  host: string;
  port: string;
  username: string | null;
  /** Masked; `""` when none is set. */
  password: string;
  fromAddress: string;
  secure: boolean | null;
  tls: SmtpTls | null;
};

export type ProviderConfigView = CallConfigView | SmsConfigView | EmailConfigView;

/**
 * A config as every face shows it: settings flat beside the record's own fields, so a form can
 * send a read back unchanged, and secrets only ever masked.
 */
export function toProviderConfigView(
  config: ProviderConfig,
  secrets: Record<string, string>,
): ProviderConfigView {
  const base: ProviderConfigViewBase = {
    id: config.id,
    name: config.name,
    provider: config.provider,
    isDefault: config.isDefault,
    isBackup: config.isBackup,
    createdAt: config.createdAt.toISOString(),
    updatedAt: config.updatedAt.toISOString(),
  };
  const settings = config.settings;
  switch (config.kind) {
    case 'call':
      return {
        ...base,
        kind: 'call',
        apiToken: maskSecret(secrets.apiToken),
        baseUrl: settings.baseUrl ?? null,
      };
    case 'sms':
      return {
        ...base,
        kind: 'sms',
        apiToken: maskSecret(secrets.apiToken),
        senderNumber: settings.senderNumber ?? '',
        baseUrl: settings.baseUrl ?? null,
      };
    case 'email':
      return {
        ...base,
        kind: 'email',
        host: settings.host ?? '',
        port: settings.port ?? '',
        username: settings.username ?? null,
        password: maskSecret(secrets.password),
        fromAddress: settings.fromAddress ?? '',
        secure: settings.secure === undefined ? null : settings.secure === 'true',
        tls: SMTP_TLS_VALUES.find((mode) => mode === settings.tls) ?? null,
      };
  }
}
