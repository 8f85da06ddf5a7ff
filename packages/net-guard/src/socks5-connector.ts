import { isIP } from 'node:net';
import { connect as connectTls } from 'node:tls';
import { SocksClient } from 'socks';
import type { buildConnector } from 'undici';
import type { ProxySettings } from './proxy-settings';
import { type TlsSettings, tlsConnectOptions } from './tls-settings';

/**
 * An undici connector that opens each connection through a SOCKS5 proxy. The target name is passed
 * to the proxy unresolved (socks5h behaviour): messenger proxies exist because the local network
 * cannot reach or resolve those APIs. `tls` is how the target's certificate is trusted.
 */
export function socks5Connector(
  proxy: ProxySettings,
  timeoutMs: number,
  tls?: TlsSettings,
): buildConnector.connector {
  return (options, callback) => {
    const secure = options.protocol === 'https:';
    SocksClient.createConnection({
      command: 'connect',
      timeout: timeoutMs,
      proxy: {
        host: proxy.host,
        port: proxy.port,
        type: 5,
        userId: proxy.username,
        password: proxy.password,
      },
      destination: { host: options.hostname, port: Number(options.port) || (secure ? 443 : 80) },
    }).then(
      ({ socket }) => {
        if (!secure) {
          callback(null, socket);
          return;
        }
        const servername = tls?.servername ?? options.servername ?? options.hostname;
        const tlsSocket = connectTls({
          ...tlsConnectOptions(tls),
          socket,
          servername: isIP(servername) ? undefined : servername,
        });
        tlsSocket.once('secureConnect', () => callback(null, tlsSocket));
        tlsSocket.once('error', (error) => callback(error, null));
      },
      (error: Error) => callback(error, null),
    );
  };
}
