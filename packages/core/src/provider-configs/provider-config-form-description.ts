import type { ConfigValueType } from '@oncall/contracts';
import type { ProviderConfigForms } from './provider-config-forms';

/** One field of a provider's form as a client draws it: no schema, only what the input needs. */
export interface ProviderConfigFieldDescription {
  name: string;
  label: string;
  secret: boolean;
  required: boolean;
  /** `string`, `boolean`, `number`, `unknown` (typed as JSON text), or the choices of a select. */
  value: ConfigValueType;
}

/** The forms of one kind (`sms`): its label and a form per provider, in load order. */
export interface ProviderConfigKindDescription {
  kind: string;
  label: string;
  providers: Array<{
    provider: string;
    implied: boolean;
    fields: ProviderConfigFieldDescription[];
    /** Changing one of these needs the secrets sent again. */
    secretBound: string[];
  }>;
}

/**
 * The loaded plugins' provider config forms as plain data, so a client builds its form per kind and
 * provider from them (nothing per provider is hard-coded in a client).
 *
 * @example describeProviderConfigForms(forms)[0] // { kind: 'sms', label: 'SMS config', providers: [{ provider: 'providerOne', fields: [{ name: 'apiToken', secret: true, … }] }] }
 */
export function describeProviderConfigForms(forms: ProviderConfigForms): ProviderConfigKindDescription[] {
  return forms.kinds.map((kind) => ({
    kind: kind.kind,
    label: kind.label,
    providers: kind.providers.map((form) => ({
      provider: form.provider,
      implied: form.implied,
      fields: form.fields.map((field) => ({
        name: field.name,
        label: field.label,
        secret: field.secret,
        required: field.required,
        value: field.secret ? 'string' : field.value,
      })),
      secretBound: [...form.secretBound],
    })),
  }));
}
