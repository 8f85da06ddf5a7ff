import type { MikroORM } from '@mikro-orm/core';
import { AccessTokenIssuer } from './auth/access-token';
import { AuthService } from './auth/auth-service';
import { argon2Hasher, type PasswordHasher } from './auth/password-hasher';
import { SlidingWindowLimiter } from './auth/rate-limiter';
import { SecretBox } from './crypto/secret-box';
import { OwnershipTransfer } from './ownership/ownership-transfer';
import { type Clock, systemClock } from './ports/clock';
import type { Orchestrator } from './ports/orchestrator';
import { TeamService, teamOwnershipMover } from './teams/team-service';
import { UserService } from './users/user-service';

export interface CoreSettings {
  jwtSecret: string;
  encryptionKey: Buffer;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  loginMaxFailuresPerAccount: number;
  loginAccountWindowSeconds: number;
  loginMaxAttemptsPerIp: number;
  loginIpWindowSeconds: number;
}

export interface CoreDeps {
  orm: MikroORM;
  orchestrator: Orchestrator;
  settings: CoreSettings;
  clock?: Clock;
  hasher?: PasswordHasher;
}

/** The use cases every transport calls; built once per process by the composition root. */
export interface Core {
  orm: MikroORM;
  orchestrator: Orchestrator;
  clock: Clock;
  hasher: PasswordHasher;
  secretBox: SecretBox;
  ownership: OwnershipTransfer;
  auth: AuthService;
  users: UserService;
  teams: TeamService;
}

export function createCore(deps: CoreDeps): Core {
  const { orm, settings } = deps;
  const clock = deps.clock ?? systemClock;
  const hasher = deps.hasher ?? argon2Hasher;
  const secretBox = new SecretBox(settings.encryptionKey);
  const ownership = new OwnershipTransfer();
  ownership.register(teamOwnershipMover);
  return {
    orm,
    orchestrator: deps.orchestrator,
    clock,
    hasher,
    secretBox,
    ownership,
    auth: new AuthService({
      orm,
      clock,
      hasher,
      secretBox,
      accessTokens: new AccessTokenIssuer(settings.jwtSecret, settings.accessTokenTtlSeconds, clock),
      refreshTtlSeconds: settings.refreshTokenTtlSeconds,
      accountLimiter: new SlidingWindowLimiter(
        settings.loginMaxFailuresPerAccount,
        settings.loginAccountWindowSeconds * 1000,
        clock,
      ),
      ipLimiter: new SlidingWindowLimiter(
        settings.loginMaxAttemptsPerIp,
        settings.loginIpWindowSeconds * 1000,
        clock,
      ),
    }),
    users: new UserService({ orm, hasher, ownership, clock }),
    teams: new TeamService({ orm }),
  };
}
