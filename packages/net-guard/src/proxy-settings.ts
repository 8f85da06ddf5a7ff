/**
 * The active messenger proxy, as stored in the messenger proxy config.
 *
 * @example { type: 'socks5', host: 'proxy.internal', port: 1080, username: 'bot', password: 's3cret' }
 */
export interface ProxySettings {
  readonly type: 'http' | 'socks5';
  readonly host: string;
  readonly port: number;
  readonly username?: string;
  readonly password?: string;
}
