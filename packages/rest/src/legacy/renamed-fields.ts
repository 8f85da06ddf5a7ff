import type { ProviderConfigKindForm } from '@oncall/contracts';
import type { DataSourceView, MessengerProxyView, ProviderConfigView, TeamView } from '@oncall/core';
import { z } from 'zod';

/**
 * Fields the original web UI reads under its own names, added on reads beside ours (never in
 * place of them).
 */
export const renamedFieldSchemas = {
  team: z.object({
    members: z.array(z.string()).describe("The members' names (`users`), under the legacy name."),
  }),
  dataSource: z.object({
    copy: z
      .string()
      .describe('What to paste into the source: its webhook URL, else its webhook token, else `""`.'),
  }),
  providerConfig: z.object({ isBackUp: z.boolean().describe('`isBackup`, under the legacy name.') }),
  messengerProxy: z.object({ active: z.boolean().describe('`isActive`, under the legacy name.') }),
};

export function withTeamMembers(view: TeamView): TeamView & { members: string[] } {
  return { ...view, members: view.users.map((user) => user.name || user.username) };
}

export function withCopy(view: DataSourceView): DataSourceView & { copy: string } {
  return { ...view, copy: view.webhookUrl ?? view.webhookToken ?? '' };
}

/**
 * `isBackUp`, and the fields the config's provider names for older clients
 * (`legacyFieldNames`: the original UI reads the SMTP username as `usrename`).
 */
export function withLegacyConfigFields(
  forms: ProviderConfigKindForm,
): (view: ProviderConfigView) => ProviderConfigView & { isBackUp: boolean } {
  return (view) => {
    const form = forms.providers.find((candidate) => candidate.provider === view.provider);
    const renamed = Object.entries(form?.legacyFieldNames ?? {}).map(([legacy, field]) => [
      legacy,
      view[field],
    ]);
    return { ...view, ...Object.fromEntries(renamed), isBackUp: view.isBackup };
  };
}

/** The fields `withLegacyConfigFields` adds for a kind. */
export function legacyConfigFieldsSchema(forms: ProviderConfigKindForm) {
  const legacy = forms.providers.flatMap((form) => Object.keys(form.legacyFieldNames));
  return renamedFieldSchemas.providerConfig.extend(
    Object.fromEntries(legacy.map((name) => [name, z.unknown().describe('A field under its legacy name.')])),
  );
}

export function withActive(view: MessengerProxyView): MessengerProxyView & { active: boolean } {
  return { ...view, active: view.isActive };
}
