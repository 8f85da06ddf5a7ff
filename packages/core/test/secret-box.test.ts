import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { maskSecret } from '../src/crypto/secret-box';
import { SecretBox } from '../src/index';

describe('SecretBox', () => {
  const box = new SecretBox(randomBytes(32));

  it('round-trips secrets with a fresh nonce each time', () => {
    const a = box.encrypt('bot-token-123');
    const b = box.encrypt('bot-token-123');
    expect(a).not.toBe(b);
    expect(a).not.toContain('bot-token-123');
    expect(box.decrypt(a)).toBe('bot-token-123');
    expect(box.decrypt(box.encrypt(''))).toBe('');
    expect(box.decrypt(box.encrypt('ünïcødé 🔔'))).toBe('ünïcødé 🔔');
  });

  it('refuses tampered ciphertext and a different key', () => {
    const sealed = box.encrypt('secret');
    const [version, iv, tag, body] = sealed.split(':');
    const flipped = Buffer.from(body ?? '', 'base64url');
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(() => box.decrypt([version, iv, tag, flipped.toString('base64url')].join(':'))).toThrow();
    expect(() => new SecretBox(randomBytes(32)).decrypt(sealed)).toThrow();
    expect(() => box.decrypt('plain text')).toThrow('Not a sealed secret');
  });

  it('hashes lookup tokens deterministically per key', () => {
    const other = new SecretBox(randomBytes(32));
    expect(box.lookupHash('tok')).toBe(box.lookupHash('tok'));
    expect(box.lookupHash('tok')).not.toBe(box.lookupHash('tok2'));
    expect(other.lookupHash('tok')).not.toBe(box.lookupHash('tok'));
    expect(SecretBox.sameHash(box.lookupHash('a'), box.lookupHash('a'))).toBe(true);
    expect(SecretBox.sameHash(box.lookupHash('a'), box.lookupHash('b'))).toBe(false);
    expect(SecretBox.sameHash('short', 'longer')).toBe(false);
  });

  it('needs a 32-byte key', () => {
    expect(() => new SecretBox(randomBytes(16))).toThrow('32-byte');
  });

  it('masks secrets, keeping at most the last four characters of long ones', () => {
    expect(maskSecret('1234567890abcdef')).toBe('********cdef');
    expect(maskSecret('short')).toBe('********');
    expect(maskSecret('')).toBe('');
    expect(maskSecret(null)).toBe('');
  });
});
