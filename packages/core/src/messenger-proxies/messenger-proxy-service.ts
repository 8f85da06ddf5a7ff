import type { EntityManager, MikroORM } from '@mikro-orm/core';
import type { Actor } from '../auth/actor';
import type { SecretBox } from '../crypto/secret-box';
import { changedDestinationField, submittedSecret } from '../crypto/submitted-secret';
import { MessengerProxy, type ProxyType } from '../entities/messenger-proxy.entity';
import { containsPattern } from '../persistence/contains-pattern';
import { lockForTransaction } from '../persistence/transaction-lock';
import { assertCanManageSettings } from '../policy/settings-policy';
import { loadById } from '../validation/find-by-id';
import { type MessengerProxyView, toMessengerProxyView } from './messenger-proxy-view';

/**
 * On update, `username` and `password` left out keep their stored values and `null` or `""` clears
 * them; the password also keeps its value when sent back masked.
 */
export interface MessengerProxyInput {
  name: string;
  type: ProxyType;
  host: string;
  port: string;
  username?: string | null;
  password?: string | null;
}

export interface MessengerProxyListQuery {
  name?: string;
}

const LABEL = 'Messenger proxy config';
const PASSWORD = { path: 'password', label: 'password' };
// Activation and deactivation are serialised: "at most one active" holds under races.
const LOCK = 'messenger_proxies';

/** Proxies Telegram and Bale traffic may go through; created inactive, at most one active. */
export class MessengerProxyService {
  constructor(private readonly deps: { orm: MikroORM; secretBox: SecretBox }) {}

  /** Active first, then by name; `name` filters by partial, case-insensitive match. */
  async list(actor: Actor, query: MessengerProxyListQuery): Promise<MessengerProxyView[]> {
    assertCanManageSettings(actor);
    const where = query.name ? { name: { $ilike: containsPattern(query.name) } } : {};
    const proxies = await this.deps.orm.em
      .fork()
      .find(MessengerProxy, where, { orderBy: { isActive: 'desc', name: 'asc', id: 'asc' } });
    return proxies.map((proxy) => this.view(proxy));
  }

  async get(actor: Actor, id: string): Promise<MessengerProxyView> {
    assertCanManageSettings(actor);
    return this.view(await this.load(this.deps.orm.em.fork(), id));
  }

  async create(actor: Actor, input: MessengerProxyInput): Promise<MessengerProxyView> {
    assertCanManageSettings(actor);
    const em = this.deps.orm.em.fork();
    const proxy = em.create(MessengerProxy, { ...this.fields(input, null), isActive: false });
    await em.flush();
    return this.view(proxy);
  }

  async update(actor: Actor, id: string, input: MessengerProxyInput): Promise<MessengerProxyView> {
    assertCanManageSettings(actor);
    const em = this.deps.orm.em.fork();
    const proxy = await this.load(em, id);
    em.assign(proxy, this.fields(input, proxy));
    await em.flush();
    return this.view(proxy);
  }

  async delete(actor: Actor, id: string): Promise<MessengerProxyView> {
    assertCanManageSettings(actor);
    const em = this.deps.orm.em.fork();
    const proxy = await this.load(em, id);
    const view = this.view(proxy);
    await em.remove(proxy).flush();
    return view;
  }

  /** Activates one and deactivates every other, in one transaction. */
  async activate(actor: Actor, id: string): Promise<MessengerProxyView> {
    assertCanManageSettings(actor);
    return this.deps.orm.em.fork().transactional(async (tx) => {
      await lockForTransaction(tx, LOCK);
      const proxy = await this.load(tx, id);
      await tx.nativeUpdate(MessengerProxy, { isActive: true, id: { $ne: proxy.id } }, { isActive: false });
      proxy.isActive = true;
      await tx.flush();
      return this.view(proxy);
    });
  }

  /** Deactivates whichever is active; answers it, or `null` when none was. */
  async deactivate(actor: Actor): Promise<MessengerProxyView | null> {
    assertCanManageSettings(actor);
    return this.deps.orm.em.fork().transactional(async (tx) => {
      await lockForTransaction(tx, LOCK);
      const active = await tx.findOne(MessengerProxy, { isActive: true });
      if (!active) return null;
      active.isActive = false;
      await tx.flush();
      return this.view(active);
    });
  }

  private fields(input: MessengerProxyInput, stored: MessengerProxy | null) {
    const storedPassword = stored?.sealedPassword
      ? this.deps.secretBox.decrypt(stored.sealedPassword)
      : undefined;
    // Telegram and Bale traffic, and the proxy password with it, goes to the host and port; the
    // type is the protocol that carries the password there. The username is not one of them.
    const movedBy = stored
      ? changedDestinationField(
          { type: stored.type, host: stored.host, port: stored.port },
          { type: input.type, host: input.host, port: input.port },
        )
      : undefined;
    const password = submittedSecret(input.password, storedPassword, PASSWORD, movedBy);
    return {
      name: input.name,
      type: input.type,
      host: input.host,
      port: input.port,
      username: input.username === undefined ? (stored?.username ?? null) : input.username || null,
      sealedPassword: password === undefined ? null : this.deps.secretBox.encrypt(password),
    };
  }

  private load(em: EntityManager, id: string): Promise<MessengerProxy> {
    return loadById(id, LABEL, (i) => em.findOne(MessengerProxy, { id: i }));
  }

  private view(proxy: MessengerProxy): MessengerProxyView {
    const password = proxy.sealedPassword ? this.deps.secretBox.decrypt(proxy.sealedPassword) : undefined;
    return toMessengerProxyView(proxy, password);
  }
}
