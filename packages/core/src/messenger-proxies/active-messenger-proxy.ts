import type { EntityManager } from '@mikro-orm/core';
import type { SecretBox } from '../crypto/secret-box';
import { MessengerProxy, type ProxyType } from '../entities/messenger-proxy.entity';

/** The shape of `@oncall/net-guard`'s `ProxySettings`, which the engine hands to channel fetches. */
export interface ActiveMessengerProxy {
  type: ProxyType;
  host: string;
  /** Validated as 1..65535 when saved; stored as text (the contract's type), answered as a number. */
  port: number;
  username?: string;
  /** Decrypted. Never log or return it. */
  password?: string;
}

/**
 * The proxy Telegram and Bale traffic goes through now, or `null` for direct connections. Reads
 * the database afresh (not the manager's identity map).
 */
export async function activeMessengerProxy(
  em: EntityManager,
  box: SecretBox,
): Promise<ActiveMessengerProxy | null> {
  const proxy = await em.findOne(MessengerProxy, { isActive: true }, { disableIdentityMap: true });
  if (!proxy) return null;
  return {
    type: proxy.type,
    host: proxy.host,
    port: Number(proxy.port),
    ...(proxy.username ? { username: proxy.username } : {}),
    ...(proxy.sealedPassword ? { password: box.decrypt(proxy.sealedPassword) } : {}),
  };
}
