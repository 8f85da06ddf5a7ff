import { maskSecret } from '../crypto/secret-box';
import type { MessengerProxy, ProxyType } from '../entities/messenger-proxy.entity';

export interface MessengerProxyView {
  id: string;
  name: string;
  type: ProxyType;
  host: string;
  port: string;
  username: string | null;
  /** Masked; `""` when none is set. */
  password: string;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
}

/** `password` is the decrypted one, shown only masked. */
export function toMessengerProxyView(
  proxy: MessengerProxy,
  password: string | undefined,
): MessengerProxyView {
  return {
    id: proxy.id,
    name: proxy.name,
    type: proxy.type,
    host: proxy.host,
    port: proxy.port,
    username: proxy.username ?? null,
    password: maskSecret(password),
    isActive: proxy.isActive,
    createdAt: proxy.createdAt.toISOString(),
    updatedAt: proxy.updatedAt.toISOString(),
  };
}
