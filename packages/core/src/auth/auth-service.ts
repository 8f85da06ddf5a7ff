import { type EntityManager, LockMode, type MikroORM } from '@mikro-orm/core';
import type { SecretBox } from '../crypto/secret-box';
import { AuthSession } from '../entities/auth-session.entity';
import { RefreshToken } from '../entities/refresh-token.entity';
import { type Role, User } from '../entities/user.entity';
import { forbidden, unauthenticated } from '../errors/domain-error';
import { queryRows } from '../persistence/query-rows';
import type { Clock } from '../ports/clock';
import type { AccessTokenIssuer } from './access-token';
import type { Actor } from './actor';
import type { LoginThrottle } from './login-throttle';
import { newOpaqueToken } from './opaque-token';
import type { PasswordHasher } from './password-hasher';
import { successorOf } from './refresh-successor';
import { toUserView, type UserView } from './user-view';

export interface LoginMeta {
  ip?: string;
  userAgent?: string;
}

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
  tokenType: 'bearer';
  expiresIn: number;
  refreshExpiresIn: number;
  roles: string[];
  user: UserView;
}

export interface AuthServiceDeps {
  orm: MikroORM;
  clock: Clock;
  hasher: PasswordHasher;
  accessTokens: AccessTokenIssuer;
  secretBox: SecretBox;
  refreshTtlSeconds: number;
  /** How long after a refresh token is spent presenting it again returns its successor (0: never). */
  refreshReuseGraceSeconds: number;
  throttle: LoginThrottle;
  /**
   * Password login for everyone; false (single sign-on only) leaves it to the system admin, the way
   * in when the identity provider is down or misconfigured.
   */
  localLogin?: boolean;
}

interface SessionRow {
  user_id: string;
  role: Role;
  is_system_admin: boolean;
  expires_at: Date | string;
  revoked_at: Date | string | null;
}

/** One message for every failed login, so answers never tell which usernames exist. */
const BAD_CREDENTIALS = 'Invalid username or password.';

export class AuthService {
  /** Verified against when the username is unknown, so both paths cost one argon2 verification. */
  private decoyHash: Promise<string> | undefined;

  constructor(private readonly deps: AuthServiceDeps) {}

  async login(username: string, password: string, meta: LoginMeta): Promise<TokenPair> {
    const attempt = this.deps.throttle.begin(username, meta.ip);
    const em = this.deps.orm.em.fork();
    const user = await em.findOne(User, { username }, { populate: ['passwordHash'] });
    const hash = user?.passwordHash ?? (await this.decoy());
    const valid = await this.deps.hasher.verify(hash, password);
    if (!user || !valid) throw unauthenticated(BAD_CREDENTIALS);
    attempt.succeeded();
    // Checked after the password, so the refusal tells only someone who knows it.
    if (this.deps.localLogin === false && !user.isSystemAdmin) {
      throw forbidden('Password login is turned off; sign in with single sign-on.');
    }
    return this.startSession(em, user, meta);
  }

  /** Whether password login is open to everyone (false: the system admin only). */
  get localLoginOn(): boolean {
    return this.deps.localLogin !== false;
  }

  /** A new session for a user whose identity was proven elsewhere (a password, single sign-on). */
  async startSession(em: EntityManager, user: User, meta: LoginMeta): Promise<TokenPair> {
    const now = this.deps.clock.now();
    const session = em.create(AuthSession, {
      user,
      createdAt: now,
      expiresAt: new Date(now.getTime() + this.deps.refreshTtlSeconds * 1000),
      ip: meta.ip ?? null,
      userAgent: meta.userAgent?.slice(0, 255) ?? null,
    });
    const refreshToken = this.mintRefreshToken(em, session, now);
    await em.flush();
    return this.tokenPair(user, session, refreshToken);
  }

  /**
   * The user an access token names, read without checking its signature or its session: for
   * refusing a request before any work on it, never for granting one (a forged token can only get
   * its own request refused); null for a token that names none.
   */
  claimedUserId(accessToken: string): string | null {
    return this.deps.accessTokens.unverifiedSubject(accessToken) ?? null;
  }

  /**
   * Resolves an access token to its actor; a revoked or expired session fails at once. This runs on
   * every request, so it reads one joined row instead of hydrating entities.
   */
  async authenticate(accessToken: string): Promise<Actor> {
    const claims = await this.deps.accessTokens.verify(accessToken);
    if (!claims) throw unauthenticated();
    const [row] = await queryRows<SessionRow>(
      this.deps.orm.em,
      `select u.id as user_id, u.role, u.is_system_admin, s.expires_at, s.revoked_at
         from auth_sessions s join users u on u.id = s.user_id
        where s.id = ?`,
      [claims.sessionId],
    );
    const now = this.deps.clock.now();
    if (!row || row.revoked_at || new Date(row.expires_at) <= now || row.user_id !== claims.userId) {
      throw unauthenticated();
    }
    return {
      userId: row.user_id,
      role: row.role,
      sessionId: claims.sessionId,
      isSystemAdmin: row.is_system_admin,
    };
  }

  /**
   * Spends a refresh token and returns a fresh pair. A token presented a second time means it
   * leaked (or a client raced itself): the whole session is revoked, unless its successor is still
   * unspent and it comes back within the life of the access token it was last answered with plus
   * the grace seconds. Then the client raced itself or dropped the answer (the legacy web UI
   * refreshes from server actions, where it cannot keep the rotated pair) and gets that same
   * successor again, and the window starts anew. While the successor is unspent the spent token
   * grants nothing it does not: whoever spends the successor first makes the other one a leak.
   */
  async refresh(refreshToken: string): Promise<TokenPair> {
    const em = this.deps.orm.em.fork();
    const tokenHash = this.deps.secretBox.lookupHash(refreshToken);
    // The revocation on reuse must commit, so failures are returned out of the transaction and thrown after it.
    const outcome = await em.transactional(async (tx): Promise<TokenPair | string> => {
      const stored = await tx.findOne(
        RefreshToken,
        { tokenHash },
        { populate: ['session', 'session.user'], lockMode: LockMode.PESSIMISTIC_WRITE },
      );
      if (!stored) return 'Invalid refresh token.';
      const session = stored.session;
      const now = this.deps.clock.now();
      if (stored.usedAt) {
        const successor = await this.unspentSuccessorInGrace(tx, stored, refreshToken, now);
        if (successor && this.isLive(session)) {
          stored.usedAt = now;
          await tx.flush();
          return this.tokenPair(session.user, session, successor);
        }
        if (!session.revokedAt) {
          session.revokedAt = now;
          session.revokedReason = 'refresh_token_reuse';
        }
        return 'Refresh token already used; the session has been revoked.';
      }
      if (!this.isLive(session) || stored.expiresAt <= now) return 'Session expired.';
      stored.usedAt = now;
      const next = this.mintRefreshToken(tx, session, now, successorOf(this.deps.secretBox, refreshToken));
      await tx.flush();
      return this.tokenPair(session.user, session, next);
    });
    if (typeof outcome === 'string') throw unauthenticated(outcome);
    return outcome;
  }

  async logout(actor: Actor): Promise<void> {
    const em = this.deps.orm.em.fork();
    await em.nativeUpdate(
      AuthSession,
      { id: actor.sessionId, revokedAt: null },
      { revokedAt: this.deps.clock.now(), revokedReason: 'logout' },
    );
  }

  async me(actor: Actor): Promise<UserView> {
    const em = this.deps.orm.em.fork();
    const user = await em.findOne(User, { id: actor.userId });
    if (!user) throw unauthenticated();
    return toUserView(user);
  }

  private isLive(session: AuthSession): boolean {
    return !session.revokedAt && session.expiresAt > this.deps.clock.now();
  }

  /**
   * The successor of a spent token presented again while the successor is unspent, within the life
   * of the access token last answered (`usedAt`: spent, or answered again since) plus the grace.
   */
  private async unspentSuccessorInGrace(
    tx: EntityManager,
    stored: RefreshToken,
    refreshToken: string,
    now: Date,
  ): Promise<string | undefined> {
    if (this.deps.refreshReuseGraceSeconds === 0 || !stored.usedAt) return undefined;
    const windowMs = (this.deps.accessTokens.expiresInSeconds + this.deps.refreshReuseGraceSeconds) * 1000;
    if (now.getTime() - stored.usedAt.getTime() > windowMs) return undefined;
    const successor = successorOf(this.deps.secretBox, refreshToken);
    const next = await tx.findOne(RefreshToken, {
      tokenHash: this.deps.secretBox.lookupHash(successor),
      session: stored.session,
      usedAt: null,
    });
    return next && next.expiresAt > now ? successor : undefined;
  }

  private mintRefreshToken(
    em: EntityManager,
    session: AuthSession,
    now: Date,
    token = newOpaqueToken('rt'),
  ): string {
    em.create(RefreshToken, {
      session,
      tokenHash: this.deps.secretBox.lookupHash(token),
      createdAt: now,
      expiresAt: session.expiresAt,
    });
    return token;
  }

  private async tokenPair(user: User, session: AuthSession, refreshToken: string): Promise<TokenPair> {
    const accessToken = await this.deps.accessTokens.issue({ userId: user.id, sessionId: session.id });
    const now = this.deps.clock.now().getTime();
    return {
      accessToken,
      refreshToken,
      tokenType: 'bearer',
      expiresIn: this.deps.accessTokens.expiresInSeconds,
      refreshExpiresIn: Math.max(0, Math.floor((session.expiresAt.getTime() - now) / 1000)),
      roles: [user.role],
      user: toUserView(user),
    };
  }

  private decoy(): Promise<string> {
    this.decoyHash ??= this.deps.hasher.hash(newOpaqueToken('decoy'));
    return this.decoyHash;
  }
}
