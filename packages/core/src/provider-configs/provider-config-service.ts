import type { EntityManager, MikroORM } from '@mikro-orm/core';
import type { Actor } from '../auth/actor';
import type { SecretBox } from '../crypto/secret-box';
import { changedDestinationField, submittedSecrets } from '../crypto/submitted-secret';
import { ProviderConfig, type ProviderKind } from '../entities/provider-config.entity';
import { lockForTransaction } from '../persistence/transaction-lock';
import { assertCanManageSettings } from '../policy/settings-policy';
import { loadById } from '../validation/find-by-id';
import { AVAILABLE_PROVIDERS } from './available-providers';
import {
  type ProviderConfigFields,
  type ProviderConfigInputs,
  patchSettings,
  splitProviderConfigInput,
} from './provider-config-input';
import { type ProviderConfigView, toProviderConfigView } from './provider-config-view';
import { openJson, sealJson } from './sealed-json';

const LABEL: Record<ProviderKind, string> = { call: 'Call config', sms: 'SMS config', email: 'Email config' };

type ChainRole = 'default' | 'backup';

/**
 * Call, email and SMS provider configs. Per kind, at most one is the default and one the backup
 * (the delivery engine tries them in that order), and no config is both. The first config of a
 * kind becomes its default, so a fresh instance delivers as soon as it has one.
 */
export class ProviderConfigService {
  constructor(private readonly deps: { orm: MikroORM; secretBox: SecretBox }) {}

  /** Default first, then backup, then by name. */
  async list(actor: Actor, kind: ProviderKind): Promise<ProviderConfigView[]> {
    assertCanManageSettings(actor);
    const configs = await this.deps.orm.em
      .fork()
      .find(
        ProviderConfig,
        { kind },
        { orderBy: { isDefault: 'desc', isBackup: 'desc', name: 'asc', id: 'asc' } },
      );
    return configs.map((config) => this.view(config));
  }

  providers(actor: Actor, kind: ProviderKind): string[] {
    assertCanManageSettings(actor);
    return [...AVAILABLE_PROVIDERS[kind]];
  }

  async get(actor: Actor, kind: ProviderKind, id: string): Promise<ProviderConfigView> {
    assertCanManageSettings(actor);
    return this.view(await this.load(this.deps.orm.em.fork(), kind, id));
  }

  async create<K extends ProviderKind>(
    actor: Actor,
    kind: K,
    input: ProviderConfigInputs[K],
  ): Promise<ProviderConfigView> {
    assertCanManageSettings(actor);
    const fields = splitProviderConfigInput(kind, input);
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
      return this.view(config);
    });
  }

  async update<K extends ProviderKind>(
    actor: Actor,
    kind: K,
    id: string,
    input: ProviderConfigInputs[K],
  ): Promise<ProviderConfigView> {
    assertCanManageSettings(actor);
    const fields = splitProviderConfigInput(kind, input);
    const em = this.deps.orm.em.fork();
    const config = await this.load(em, kind, id);
    this.apply(config, fields);
    await em.flush();
    return this.view(config);
  }

  async delete(actor: Actor, kind: ProviderKind, id: string): Promise<ProviderConfigView> {
    assertCanManageSettings(actor);
    const em = this.deps.orm.em.fork();
    const config = await this.load(em, kind, id);
    const view = this.view(config);
    await em.remove(config).flush();
    return view;
  }

  makeDefault(actor: Actor, kind: ProviderKind, id: string): Promise<ProviderConfigView> {
    return this.assign(actor, kind, id, 'default');
  }

  makeBackup(actor: Actor, kind: ProviderKind, id: string): Promise<ProviderConfigView> {
    return this.assign(actor, kind, id, 'backup');
  }

  /** Takes the role from whichever config of the kind holds it; the target drops its other role. */
  private async assign(
    actor: Actor,
    kind: ProviderKind,
    id: string,
    role: ChainRole,
  ): Promise<ProviderConfigView> {
    assertCanManageSettings(actor);
    return this.deps.orm.em.fork().transactional(async (tx) => {
      await lockForTransaction(tx, lockName(kind));
      const config = await this.load(tx, kind, id);
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
      return this.view(config);
    });
  }

  private apply(config: ProviderConfig, fields: ProviderConfigFields): void {
    const stored = openJson(this.deps.secretBox, config.sealedSecrets);
    const settings = patchSettings(config.settings, fields.settings);
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

  private load(em: EntityManager, kind: ProviderKind, id: string): Promise<ProviderConfig> {
    return loadById(id, LABEL[kind], (i) => em.findOne(ProviderConfig, { id: i, kind }));
  }

  private view(config: ProviderConfig): ProviderConfigView {
    return toProviderConfigView(config, openJson(this.deps.secretBox, config.sealedSecrets));
  }
}

/** Creates and role changes of one kind are serialised: "one default, one backup" holds under races. */
function lockName(kind: ProviderKind): string {
  return `provider_configs:${kind}`;
}
