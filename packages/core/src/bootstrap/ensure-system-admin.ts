import { randomBytes } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/core';
import type { PasswordHasher } from '../auth/password-hasher';
import { User } from '../entities/user.entity';

export interface SystemAdminResult {
  username: string;
  /** Set only when the admin was created just now with a generated password, to be printed once. */
  generatedPassword?: string;
  created: boolean;
}

/**
 * Creates the undeletable system admin (role owner) on first start. A password from config is
 * used as given; otherwise one is generated and returned so the caller can print it exactly once.
 */
export async function ensureSystemAdmin(
  orm: MikroORM,
  hasher: PasswordHasher,
  admin: { username: string; password: string | undefined },
): Promise<SystemAdminResult> {
  const em = orm.em.fork();
  const existing = await em.findOne(User, { isSystemAdmin: true });
  if (existing) return { username: existing.username, created: false };
  const generatedPassword = admin.password ? undefined : randomBytes(18).toString('base64url');
  const password = admin.password ?? generatedPassword ?? '';
  em.create(User, {
    username: admin.username,
    name: 'System Administrator',
    role: 'owner',
    isSystemAdmin: true,
    passwordHash: await hasher.hash(password),
  });
  await em.flush();
  return { username: admin.username, generatedPassword, created: true };
}
