import { SecretBox } from '@oncall/core';
import { z } from 'zod';

/** The cookie that carries one login attempt from the redirect to the provider back to the callback. */
export const LOGIN_ATTEMPT_COOKIE = 'oncall_oidc';

/** How long a user may take at the provider before the attempt is void. */
export const LOGIN_ATTEMPT_SECONDS = 600;

const attemptSchema = z.object({
  state: z.string().min(1),
  nonce: z.string().min(1),
  verifier: z.string().min(1),
  /** Epoch milliseconds after which the attempt is refused. */
  expires: z.number(),
  /** Set when the CLI started the sign-in: where its loopback listener waits, and its PKCE challenge. */
  cli: z.object({ redirect: z.string(), challenge: z.string() }).optional(),
});
export type LoginAttempt = z.infer<typeof attemptSchema>;

/**
 * A login attempt kept in a signed cookie instead of server-side, so starting a login writes nothing
 * (GET changes no state) and any replica can finish it. The PKCE verifier in it is only of use to
 * the browser holding it; the signature stops a page from forging another state or nonce.
 */
export class LoginAttemptCookie {
  constructor(private readonly secretBox: SecretBox) {}

  seal(attempt: LoginAttempt): string {
    const payload = Buffer.from(JSON.stringify(attempt)).toString('base64url');
    return `${payload}.${this.signatureOf(payload)}`;
  }

  /** The attempt a cookie value carries, or undefined when it is missing, forged or expired. */
  open(value: string | undefined, now: Date): LoginAttempt | undefined {
    if (!value) return undefined;
    const dot = value.indexOf('.');
    if (dot <= 0) return undefined;
    const payload = value.slice(0, dot);
    const signature = value.slice(dot + 1);
    if (!SecretBox.sameHash(signature, this.signatureOf(payload))) return undefined;
    let json: unknown;
    try {
      json = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    } catch {
      return undefined;
    }
    const parsed = attemptSchema.safeParse(json);
    if (!parsed.success || parsed.data.expires <= now.getTime()) return undefined;
    return parsed.data;
  }

  private signatureOf(payload: string): string {
    return this.secretBox.lookupHash(`oidc-login-attempt:${payload}`);
  }
}

/** One cookie's value from a `Cookie` header. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      const value = part.slice(eq + 1).trim();
      return value === '' ? undefined : value;
    }
  }
  return undefined;
}
