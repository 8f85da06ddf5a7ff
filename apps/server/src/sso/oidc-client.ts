import type { OidcSettings } from '@oncall/config';
import * as client from 'openid-client';

const LOOPBACK_HOST = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/**
 * The relying party: the provider's metadata, discovered on first use and kept; a failed discovery
 * is tried again on the next login instead of failing the server's start (a provider down at boot
 * must not keep password logins of the system admin from working).
 */
export class OidcClient {
  private config: Promise<client.Configuration> | undefined;

  constructor(private readonly settings: OidcSettings) {}

  configuration(): Promise<client.Configuration> {
    this.config ??= this.discover().catch((error: unknown) => {
      this.config = undefined;
      throw error;
    });
    return this.config;
  }

  private discover(): Promise<client.Configuration> {
    const issuer = new URL(this.settings.issuerUrl);
    const auth = this.settings.clientSecret
      ? client.ClientSecretPost(this.settings.clientSecret)
      : client.None();
    // Plain HTTP only to a provider on this machine (development and the tests); TLS everywhere else.
    const insecure = issuer.protocol === 'http:' && LOOPBACK_HOST.test(issuer.hostname);
    // The library trusts an ID token from the token endpoint on TLS alone unless told to check its
    // signature too; a token changed by a proxy or a broken provider must be refused.
    const execute = insecure
      ? [client.allowInsecureRequests, client.enableNonRepudiationChecks]
      : [client.enableNonRepudiationChecks];
    return client.discovery(issuer, this.settings.clientId, undefined, auth, { execute, timeout: 10 });
  }
}
