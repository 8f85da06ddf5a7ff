import { type EntityManager, LockMode, type MikroORM } from '@mikro-orm/core';
import type { Actor } from '../auth/actor';
import { newOpaqueToken } from '../auth/opaque-token';
import type { SecretBox } from '../crypto/secret-box';
import {
  changedDestinationField,
  type SecretField,
  submittedSecret,
  submittedSecrets,
} from '../crypto/submitted-secret';
import { AlertRule } from '../entities/alert-rule.entity';
import { DataSource } from '../entities/data-source.entity';
import { validationFailed } from '../errors/domain-error';
import { type Page, type PageQuery, pageOffset } from '../pagination/page';
import { containsPattern } from '../persistence/contains-pattern';
import { assertCanManageDataSources } from '../policy/data-source-policy';
import type { CheckSchedule } from '../ports/check-schedule';
import type { DataSourceProbeResult, DataSourceProber } from '../ports/data-source-prober';
import { loadById } from '../validation/find-by-id';
import { withUniqueField } from '../validation/unique-violation';
import {
  type DataSourceConnectionOptionsInput,
  DEFAULT_CONNECTION_OPTIONS,
  dataSourceConnectionOptions,
  mergedConnectionOptions,
  storedConnectionOptions,
  tlsTrustFields,
} from './connection-options';
import { assertConnectionComplete, assertNoMetadataTarget } from './connection-rules';
import {
  type DataSourcePlugins,
  type DataSourceTypeInfo,
  dataSourceTypes,
  isWebhookType,
} from './data-source-catalog';
import { type DataSourceSecrets, openSecrets, sealSecrets } from './data-source-secrets';
import { type DataSourceOption, type DataSourceView, toDataSourceView } from './data-source-view';

/** The connection options are optional: see {@link DataSourceConnectionOptionsInput}. */
export interface DataSourceInput extends DataSourceConnectionOptionsInput {
  name: string;
  /** One of the loaded source plugins' data-source types. */
  type: string;
  url: string;
  username?: string | null;
  /** See `submittedSecret` for how an update treats a left-out, empty or masked secret. */
  apiToken?: string | null;
  password?: string | null;
}

/** The type may be sent back unchanged (clients echo the form) but never changed. */
export type DataSourceUpdateInput = Omit<DataSourceInput, 'type'> & { type?: string };

export interface DataSourceListQuery extends PageQuery {
  name?: string;
}

const LABEL = 'Data source';
const API_TOKEN: SecretField = { path: 'apiToken', label: 'api token' };
const PASSWORD: SecretField = { path: 'password', label: 'password' };
const TAKEN = 'The name has already been taken.';
const INVALID_TYPE = 'The selected type is invalid.';
/** How many referencing rules a refused delete names; the message says how many there are in all. */
const NAMED_RULES = 5;

export class DataSourceService {
  constructor(
    private readonly deps: {
      orm: MikroORM;
      secretBox: SecretBox;
      prober: DataSourceProber;
      /** The source plugins: which types exist, which take webhooks, how each is checked. */
      plugins: DataSourcePlugins;
      publicUrl?: string;
      /** Polled data sources' schedule: a write schedules the polls, a read says how they go. */
      checks?: Pick<CheckSchedule, 'pollStatus' | 'schedulePoll'>;
    },
  ) {}

  async list(actor: Actor, query: DataSourceListQuery): Promise<Page<DataSourceView>> {
    assertCanManageDataSources(actor);
    const where = query.name ? { name: { $ilike: containsPattern(query.name) } } : {};
    const [sources, total] = await this.deps.orm.em.fork().findAndCount(DataSource, where, {
      orderBy: { name: 'asc', id: 'asc' },
      limit: query.perPage,
      offset: pageOffset(query),
    });
    return { items: sources.map((s) => this.view(s)), total, page: query.page, perPage: query.perPage };
  }

  types(actor: Actor): DataSourceTypeInfo[] {
    assertCanManageDataSources(actor);
    return dataSourceTypes(this.deps.plugins);
  }

  async get(actor: Actor, id: string): Promise<DataSourceView> {
    assertCanManageDataSources(actor);
    return this.withPoll(this.view(await this.load(this.deps.orm.em.fork(), id)));
  }

  async create(actor: Actor, input: DataSourceInput): Promise<DataSourceView> {
    assertCanManageDataSources(actor);
    // The faces check the type against the same catalog; this holds for any other caller.
    if (!this.deps.plugins.dataSourceTypes.includes(input.type)) {
      throw validationFailed({ type: [INVALID_TYPE] });
    }
    assertNoMetadataTarget(input.url);
    const em = this.deps.orm.em.fork();
    await this.assertNameFree(em, input.name);
    const username = input.username || null;
    const secrets = {
      apiToken: submittedSecret(input.apiToken, undefined, API_TOKEN),
      password: submittedSecret(input.password, undefined, PASSWORD),
    };
    assertConnectionComplete({ username, password: secrets.password });
    const plugin = this.deps.plugins.sourceFor(input.type);
    const options = mergedConnectionOptions(input, DEFAULT_CONNECTION_OPTIONS, input.type, plugin);
    const box = this.deps.secretBox;
    // 256-bit, prefixed so a leaked one is recognisable; found again by its keyed hash only.
    const token = isWebhookType(this.deps.plugins, input.type) ? newOpaqueToken('ds') : null;
    const source = em.create(DataSource, {
      name: input.name,
      type: input.type,
      url: input.url,
      username,
      sealedSecrets: sealSecrets(box, secrets),
      tokenHash: token ? box.lookupHash(token) : null,
      sealedToken: token ? box.encrypt(token) : null,
      ...options,
    });
    await withUniqueField('name', TAKEN, () => em.flush());
    await this.deps.checks?.schedulePoll(source.id);
    return this.withPoll(this.view(source));
  }

  async update(actor: Actor, id: string, input: DataSourceUpdateInput): Promise<DataSourceView> {
    assertCanManageDataSources(actor);
    const em = this.deps.orm.em.fork();
    const source = await this.load(em, id);
    if (input.type !== undefined && input.type !== source.type) {
      throw validationFailed({ type: ['The type of a data source cannot be changed.'] });
    }
    assertNoMetadataTarget(input.url);
    if (input.name !== source.name) await this.assertNameFree(em, input.name);
    const storedSecrets = openSecrets(this.deps.secretBox, source.sealedSecrets ?? null);
    const username = input.username === undefined ? (source.username ?? null) : input.username || null;
    const stored = storedConnectionOptions(source);
    const plugin = this.deps.plugins.sourceFor(source.type);
    const options = mergedConnectionOptions(input, stored, source.type, plugin);
    // Status checks and queries send the credentials to the url, to whichever server TLS accepts.
    const movedBy = changedDestinationField(
      { url: source.url, ...tlsTrustFields(stored) },
      { url: input.url, ...tlsTrustFields(options) },
    );
    const secrets: DataSourceSecrets = submittedSecrets(
      [
        { field: API_TOKEN, sent: input.apiToken, stored: storedSecrets.apiToken },
        { field: PASSWORD, sent: input.password, stored: storedSecrets.password },
      ],
      movedBy,
    );
    assertConnectionComplete({ username, password: secrets.password });
    source.name = input.name;
    source.url = input.url;
    source.username = username;
    source.sealedSecrets = sealSecrets(this.deps.secretBox, secrets);
    em.assign(source, options);
    await withUniqueField('name', TAKEN, () => em.flush());
    await this.deps.checks?.schedulePoll(source.id);
    return this.withPoll(this.view(source));
  }

  /**
   * Refuses while alert rules use the source: the pivot cascades, so deleting would silently strip
   * it from those rules. The row is locked first, so a rule cannot attach it between the check and
   * the delete (the rule's foreign-key check waits for the lock, then fails on the deleted row).
   */
  async delete(actor: Actor, id: string): Promise<DataSourceView> {
    assertCanManageDataSources(actor);
    return this.deps.orm.em.fork().transactional(async (tx) => {
      const source = await loadById(id, LABEL, (i) =>
        tx.findOne(DataSource, { id: i }, { lockMode: LockMode.PESSIMISTIC_WRITE }),
      );
      const [rules, count] = await tx.findAndCount(
        AlertRule,
        { dataSources: source.id },
        { fields: ['name'], orderBy: { name: 'asc' }, limit: NAMED_RULES },
      );
      if (count > 0) {
        const names = rules.map((rule) => rule.name).join(', ');
        const more = count > rules.length ? `, and ${count - rules.length} more` : '';
        throw validationFailed({
          id: [
            `The data source is used by ${count} alert rule${count === 1 ? '' : 's'} (${names}${more}); remove it from them first.`,
          ],
        });
      }
      const view = this.view(source);
      tx.remove(source);
      return view;
    });
  }

  /**
   * Connects for real, as the type's source plugin says (`probe`); any failure (refused, timeout,
   * non-2xx) is `isConnected: false`, never an error, and so is a type that no loaded plugin serves
   * or whose plugin says nothing about checking it.
   */
  async status(actor: Actor, id: string): Promise<DataSourceProbeResult> {
    assertCanManageDataSources(actor);
    const source = await this.load(this.deps.orm.em.fork(), id);
    const plugin = this.deps.plugins.sourceFor(source.type);
    if (plugin === undefined) {
      return { isConnected: false, message: `No loaded source plugin serves the type "${source.type}".` };
    }
    if (plugin.probe === undefined) {
      return {
        isConnected: false,
        message: `The ${plugin.displayName} source plugin has no connection check.`,
      };
    }
    const secrets = openSecrets(this.deps.secretBox, source.sealedSecrets ?? null);
    try {
      return await this.deps.prober.probe({
        type: source.type,
        plan: plugin.probe,
        url: source.url,
        username: source.username ?? null,
        password: secrets.password ?? null,
        apiToken: secrets.apiToken ?? null,
        options: dataSourceConnectionOptions(source),
      });
    } catch {
      // A prober must not reject; should one still do so, the answer is still "not connected".
      return { isConnected: false, message: 'The connection check failed unexpectedly.' };
    }
  }

  /** For anyone creating an alert rule: the sources of one type to pick from. */
  async optionsOfType(_actor: Actor, type: string): Promise<DataSourceOption[]> {
    const sources = await this.deps.orm.em
      .fork()
      .find(DataSource, { type }, { fields: ['id', 'name', 'type'], orderBy: { name: 'asc', id: 'asc' } });
    return sources.map((s) => ({ id: s.id, name: s.name, type: s.type }));
  }

  private load(em: EntityManager, id: string): Promise<DataSource> {
    return loadById(id, LABEL, (i) => em.findOne(DataSource, { id: i }));
  }

  /** For a polled data source, how its polls go: `poll {status, error, failures, lastRunAt, nextRunAt}`. */
  private async withPoll(view: DataSourceView): Promise<DataSourceView> {
    const check = await this.deps.checks?.pollStatus(view.id);
    if (!check) return view;
    const { document, ...poll } = check;
    return { ...view, poll: { ...poll, ...(document ? { last: document } : {}) } };
  }

  private async assertNameFree(em: EntityManager, name: string): Promise<void> {
    if (await em.count(DataSource, { name })) throw validationFailed({ name: [TAKEN] });
  }

  private view(source: DataSource): DataSourceView {
    return toDataSourceView(source, this.deps.secretBox, this.deps.publicUrl, this.deps.plugins);
  }
}
