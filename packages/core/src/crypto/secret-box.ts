import { createCipheriv, createDecipheriv, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const VERSION = 'v1';

/**
 * AES-256-GCM for secrets at rest (provider tokens, SMTP passwords, bot tokens) and a keyed hash
 * for looking tokens up without storing them. Separate subkeys keep the two uses apart.
 */
export class SecretBox {
  private readonly encKey: Buffer;
  private readonly macKey: Buffer;

  constructor(masterKey: Buffer) {
    if (masterKey.length !== 32) throw new Error('SecretBox needs a 32-byte key');
    this.encKey = createHmac('sha256', masterKey).update('oncall/encrypt').digest();
    this.macKey = createHmac('sha256', masterKey).update('oncall/lookup-hash').digest();
  }

  encrypt(plaintext: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.encKey, iv);
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [
      VERSION,
      iv.toString('base64url'),
      cipher.getAuthTag().toString('base64url'),
      body.toString('base64url'),
    ].join(':');
  }

  decrypt(sealed: string): string {
    const [version, iv, tag, body] = sealed.split(':');
    if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('Not a sealed secret');
    const decipher = createDecipheriv('aes-256-gcm', this.encKey, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  }

  /** Deterministic keyed hash: a stolen database alone cannot confirm a guessed token. */
  lookupHash(token: string): string {
    return createHmac('sha256', this.macKey).update(token).digest('base64url');
  }

  /** Constant-time comparison of two lookup hashes. */
  static sameHash(a: string, b: string): boolean {
    const left = Buffer.from(a);
    const right = Buffer.from(b);
    return left.length === right.length && timingSafeEqual(left, right);
  }
}

/** What API responses show instead of a secret: enough to recognise it, never enough to use it. */
export function maskSecret(secret: string | null | undefined): string {
  if (!secret) return '';
  return secret.length <= 8 ? '********' : `********${secret.slice(-4)}`;
}
