import type { EntityManager, MikroORM } from '@mikro-orm/core';
import type { Actor } from '../auth/actor';
import type { SecretBox } from '../crypto/secret-box';
import { changedDestinationField, submittedSecrets } from '../crypto/submitted-secret';
import { ProviderConfig } from '../entities/provider-config.entity';
import { validationFailed } from '../errors/domain-error';
import { assertNotCopied } from '../main-copies/main-copies';
import { lockForTransaction } from '../persistence/transaction-lock';
import type { PluginRegistry } from '../plugins/plugin-registry';
import { assertCanManageSettings } from '../policy/settings-policy';
import {
  type ProviderConfigTester,
  type ProviderConfigTestResult,
  unconfiguredTester,
} from '../ports/provider-config-tester';
import { loadById } from '../validation/find-by-id';
import {
  describeProviderConfigForms,
  type ProviderConfigKindDescription,
} from './provider-config-form-description';
import {
  formOf,
  type ProviderConfigForms,
  type ProviderKindForms,
  providerConfigForms,
} from './provider-config-forms';
import {
  type ProviderConfigFields,
  type ProviderConfigInput,
  patchSettings,
  splitProviderConfigInput,
} from './provider-config-input';
import { type ProviderConfigView, toProviderConfigView } from './provider-config-view';
import { loadProviderSettings } from './provider-settings';
import { providerTarget } from './provider-target';
import { openJson, sealJson } from './sealed-json';

type ChainRole = 'default' | 'backup';

/**
 * Provider configs of every provider-backed endpoint type the loaded plugins serve (call, email,
 * SMS, and plugins' kinds), written by their channels' forms. Per kind, at most one is the default
 * and one the backup (the delivery engine tries them in that order), and no config is both. The
 * first config of a kind becomes its default, so a fresh instance delivers as soon as it has one.
 */
export class ProviderConfigService {
  /** The kinds and their forms, which the faces build their bodies and answers from. */
  readonly forms: ProviderConfigForms;

  constructor(
    private readonly deps: {
      orm: MikroORM;
      secretBox: SecretBox;
      plugins: PluginRegistry;
      tester?: ProviderConfigTester;
    },
  ) {
    this.forms = providerConfigForms(deps.plugins);
  }

  /** Every kind's forms as plain data, for a client that draws them (owner and manager roles). */
  describeForms(actor: Actor): ProviderConfigKindDescription[] {
    assertCanManageSettings(actor);
    return describeProviderConfigForms(this.forms);
  }

  /**
   * Sends a test message through one config to `to` (a phone number or an address, as an endpoint
   * of the kind stores it), now and once: no fallback to the backup, nothing in the delivery log.
   * The answer says whether the provider accepted it, or why not; it is never an error.
   */
  async test(actor: Actor, kind: string, id: string, to: string): Promise<ProviderConfigTestResult> {
    assertCanManageSettings(actor);
    const forms = this.formsOf(kind);
    const em = this.deps.orm.em.fork();
    const config = await this.load(em, forms, id);
    const settings = await loadProviderSettings(em, this.deps.secretBox, config.id);
    const target = settings ? providerTarget(this.deps.plugins, settings) : undefined;
    if (!target) {
      return {
        delivered: false,
        message: `No loaded channel plugin serves ${kind} configs of the provider ${config.provider}.`,
      };
    }
    const tester = this.deps.tester ?? unconfiguredTester;
    return tester.send({
      ...target,
      destination: { value: to },
      message: {
        kind: 'test',
        severity: 'info',
        title: 'Test message',
        body: `A test of the ${forms.label} "${config.name}": if this arrived, it works.`,
      },
    });
  }

  /** Default first, then backup, then by name. */
  async list(actor: Actor, kind: string): Promise<ProviderConfigView[]> {
    assertCanManageSettings(actor);
    const forms = this.formsOf(kind);
    const configs = await this.deps.orm.em
      .fork()
      .find(
        ProviderConfig,
        { kind },
        { orderBy: { isDefault: 'desc', isBackup: 'desc', name: 'asc', id: 'asc' } },
      );
    return configs.map((config) => this.view(forms, config));
  }

  providers(actor: Actor, kind: string): string[] {
    assertCanManageSettings(actor);
    return this.formsOf(kind).providers.map((form) => form.provider);
  }

  async get(actor: Actor, kind: string, id: string): Promise<ProviderConfigView> {
    assertCanManageSettings(actor);
    const forms = this.formsOf(kind);
    return this.view(forms, await this.load(this.deps.orm.em.fork(), forms, id));
  }

  async create(actor: Actor, kind: string, input: ProviderConfigInput): Promise<ProviderConfigView> {
    assertCanManageSettings(actor);
    const forms = this.formsOf(kind);
    const fields = splitProviderConfigInput(forms, input);
    return this.deps.orm.em.fork().transactional(async (tx) => {
      await lockForTransaction(tx, lockName(kind));
      const isFirst = (await tx.count(ProviderConfig, { kind })) === 0;
      const config = tx.create(ProviderConfig, {
        kind,
        name: fields.name,
        provider: fields.provider,
        settings: {},
        isDefault: isFirst,
      });
      this.apply(config, fields);
      await tx.flush();
      return this.view(forms, config);
    });
  }

  async update(
    actor: Actor,
    kind: string,
    id: string,
    input: ProviderConfigInput,
  ): Promise<ProviderConfigView> {
    assertCanManageSettings(actor);
    const forms = this.formsOf(kind);
    const fields = splitProviderConfigInput(forms, input);
    const em = this.deps.orm.em.fork();
    const config = await this.loadForChange(em, forms, id);
    this.apply(config, fields);
    await em.flush();
    return this.view(forms, config);
  }

  async delete(actor: Actor, kind: string, id: string): Promise<ProviderConfigView> {
    assertCanManageSettings(actor);
    const forms = this.formsOf(kind);
    const em = this.deps.orm.em.fork();
    const config = await this.loadForChange(em, forms, id);
    const view = this.view(forms, config);
    await em.remove(config).flush();
    return view;
  }

  makeDefault(actor: Actor, kind: string, id: string): Promise<ProviderConfigView> {
    return this.assign(actor, kind, id, 'default');
  }

  makeBackup(actor: Actor, kind: string, id: string): Promise<ProviderConfigView> {
    return this.assign(actor, kind, id, 'backup');
  }

  /** Takes the role from whichever config of the kind holds it; the target drops its other role. */
  private async assign(actor: Actor, kind: string, id: string, role: ChainRole): Promise<ProviderConfigView> {
    assertCanManageSettings(actor);
    const forms = this.formsOf(kind);
    return this.deps.orm.em.fork().transactional(async (tx) => {
      await lockForTransaction(tx, lockName(kind));
      const config = await this.loadForChange(tx, forms, id);
      const isDefault = role === 'default';
      await tx.nativeUpdate(
        ProviderConfig,
        isDefault
          ? { kind, isDefault: true, id: { $ne: config.id } }
          : { kind, isBackup: true, id: { $ne: config.id } },
        isDefault ? { isDefault: false } : { isBackup: false },
      );
      config.isDefault = isDefault;
      config.isBackup = !isDefault;
      await tx.flush();
      return this.view(forms, config);
    });
  }

  private apply(config: ProviderConfig, fields: ProviderConfigFields): void {
    // Another vendor takes neither the settings nor the secrets of the one it replaces.
    const sameProvider = config.provider === fields.provider;
    const stored = sameProvider ? openJson(this.deps.secretBox, config.sealedSecrets) : {};
    const settings = patchSettings(sameProvider ? config.settings : {}, fields.settings);
    const destination = (of: Record<string, string>) =>
      Object.fromEntries(fields.destination.map((key) => [key, of[key]]));
    const movedBy = changedDestinationField(destination(config.settings), destination(settings));
    const secrets = submittedSecrets(
      fields.secrets.map(({ field, sent }) => ({ field, sent, stored: stored[field.path] })),
      movedBy,
    );
    config.name = fields.name;
    config.provider = fields.provider;
    config.settings = settings;
    config.sealedSecrets = Object.keys(secrets).length > 0 ? sealJson(this.deps.secretBox, secrets) : null;
  }

  /** The forms of a kind some loaded plugin serves; the faces only route such kinds here. */
  private formsOf(kind: string): ProviderKindForms {
    const forms = this.forms.kind(kind);
    if (!forms) throw validationFailed({ kind: ['The selected kind is invalid.'] });
    return forms;
  }

  /** A config to change: one this agent copied from its main is the main's to change. */
  private async loadForChange(
    em: EntityManager,
    forms: ProviderKindForms,
    id: string,
  ): Promise<ProviderConfig> {
    const config = await this.load(em, forms, id);
    await assertNotCopied(em, 'providerConfigs', config.id, 'This provider config');
    return config;
  }

  private load(em: EntityManager, forms: ProviderKindForms, id: string): Promise<ProviderConfig> {
    return loadById(id, forms.label, (i) => em.findOne(ProviderConfig, { id: i, kind: forms.kind }));
  }

  private view(forms: ProviderKindForms, config: ProviderConfig): ProviderConfigView {
    const secrets = openJson(this.deps.secretBox, config.sealedSecrets);
    return toProviderConfigView(config, secrets, formOf(forms, config.provider));
  }
}

/** Creates and role changes of one kind are serialised: "one default, one backup" holds under races. */
function lockName(kind: string): string {
  return `provider_configs:${kind}`;
}
