import { type ProviderConfigForm, type ProviderConfigKindForm, providerConfigForm } from '@oncall/contracts';
import type { PluginRegistry } from '../plugins/plugin-registry';

/** A provider config kind's forms, and what a config of the kind is called ("SMS config"). */
export interface ProviderKindForms extends ProviderConfigKindForm {
  readonly label: string;
}

/**
 * How provider configs of every kind the loaded plugins serve are written, read and shown, built
 * once from the registry; the faces build their bodies from the same forms.
 *
 * @example providerConfigForms(plugins).kind('sms')?.label // 'SMS config'
 */
export interface ProviderConfigForms {
  /** In the registry's order (`providerKinds`). */
  readonly kinds: readonly ProviderKindForms[];
  kind(kind: string): ProviderKindForms | undefined;
}

export function providerConfigForms(plugins: PluginRegistry): ProviderConfigForms {
  const kinds = plugins.providerKinds.flatMap((kind): ProviderKindForms[] => {
    const [first, ...others] = plugins.providerNames(kind).flatMap((name) => {
      const channel = plugins.channelForProvider(kind, name);
      const provider = channel?.serves?.provider;
      return channel && provider ? [{ channel, provider }] : [];
    });
    if (first === undefined) return [];
    const form = ({ channel, provider }: typeof first) => providerConfigForm(provider, channel);
    // The channels of a kind may each name it; the first loaded one's label is the kind's.
    return [{ kind, label: first.provider.label, providers: [form(first), ...others.map(form)] }];
  });
  const byKind = new Map(kinds.map((forms) => [forms.kind, forms]));
  return { kinds, kind: (kind) => byKind.get(kind) };
}

/**
 * The form a config is written with: the provider named, else the kind's implied one.
 *
 * @example formOf(emailForms, undefined)?.provider // 'smtp'
 */
export function formOf(
  kind: ProviderKindForms,
  provider: string | null | undefined,
): ProviderConfigForm | undefined {
  return provider
    ? kind.providers.find((form) => form.provider === provider || form.legacyNames.includes(provider))
    : kind.providers.find((form) => form.implied);
}
