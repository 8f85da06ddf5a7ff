import { createHash } from 'node:crypto';
import { SecretBox, type SsoIdentity } from '@oncall/core';
import { z } from 'zod';

/** How long the CLI has to redeem the code the browser brings back to it. */
export const CLI_CODE_SECONDS = 120;

/**
 * Where the CLI waits for the browser: an `http` address on the loopback interface only (RFC 8252
 * §7.3), so a crafted login link cannot send the sign-in code to another host.
 */
export const cliRedirectSchema = z
  .string()
  .max(300)
  .refine((value) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      return false;
    }
    return (
      url.protocol === 'http:' &&
      ['127.0.0.1', '[::1]', 'localhost'].includes(url.hostname) &&
      url.port !== '' &&
      url.username === '' &&
      url.password === '' &&
      url.hash === ''
    );
  }, 'Must be an http address on 127.0.0.1, [::1] or localhost with a port.');

/** A PKCE S256 challenge (RFC 7636 §4.2): the base64url SHA-256 of the CLI's verifier. */
export const cliChallengeSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{43}$/, 'Must be a base64url S256 challenge.');

/** The query of `auth/oidc/login` when the CLI starts it; both fields or neither. */
export const cliLoginQuery = z
  .object({ cli_redirect: cliRedirectSchema.optional(), cli_challenge: cliChallengeSchema.optional() })
  .refine((q) => (q.cli_redirect === undefined) === (q.cli_challenge === undefined), {
    message: 'cli_redirect and cli_challenge go together.',
    path: ['cli_challenge'],
  });

export const cliTokenBody = z.object({
  code: z.string().min(1).max(8192),
  verifier: z.string().regex(/^[A-Za-z0-9._~-]{43,128}$/, 'Must be a PKCE code verifier (RFC 7636 §4.1).'),
});

const codeSchema = z.object({
  identity: z.object({
    issuer: z.string(),
    subject: z.string(),
    username: z.string(),
    name: z.string(),
    verifiedEmail: z.string().optional(),
    role: z.enum(['owner', 'manager', 'member']),
    mappedTeams: z.array(z.string()),
    memberOf: z.array(z.string()),
  }),
  challenge: z.string(),
  /** Epoch milliseconds after which the code is refused. */
  expires: z.number(),
});

/**
 * The code the provider's callback hands the CLI through the browser: the identity the provider
 * vouched for, encrypted and bound to the CLI's PKCE challenge. Nothing is stored until the CLI
 * redeems it with the verifier (a POST), so a code lost in a browser tab leaves no session behind,
 * and only the process that started the sign-in can redeem it.
 */
export class CliSignInCode {
  constructor(private readonly secretBox: SecretBox) {}

  seal(identity: SsoIdentity, challenge: string, now: Date): string {
    const expires = now.getTime() + CLI_CODE_SECONDS * 1000;
    return this.secretBox.encrypt(JSON.stringify({ purpose: 'oidc-cli', identity, challenge, expires }));
  }

  /** The identity a code carries when `verifier` matches its challenge and it has not expired. */
  redeem(code: string, verifier: string, now: Date): SsoIdentity | undefined {
    let json: unknown;
    try {
      const plain = JSON.parse(this.secretBox.decrypt(code)) as { purpose?: unknown };
      // Another sealed value of this key (a stored secret) is not a sign-in code.
      if (plain.purpose !== 'oidc-cli') return undefined;
      json = plain;
    } catch {
      return undefined;
    }
    const parsed = codeSchema.safeParse(json);
    if (!parsed.success || parsed.data.expires <= now.getTime()) return undefined;
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    if (!SecretBox.sameHash(challenge, parsed.data.challenge)) return undefined;
    const { identity } = parsed.data;
    return { ...identity, verifiedEmail: identity.verifiedEmail };
  }
}
