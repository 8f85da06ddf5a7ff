import type { MikroORM } from '@mikro-orm/core';
import { AuthSession } from '../entities/auth-session.entity';
import { notFound } from '../errors/domain-error';
import type { Clock } from '../ports/clock';
import type { Actor } from './actor';

/** One of the user's live logins, as the profile page lists it. */
export interface SessionView {
  id: string;
  createdAt: string;
  expiresAt: string;
  ip: string | null;
  userAgent: string | null;
  /** The session the request came with. */
  current: boolean;
}

/**
 * The signed-in user's own sessions: which are live, ending one (a lost laptop), ending all but
 * this one. Nobody lists or ends another user's sessions here; changing a password ends them.
 */
export class SessionService {
  constructor(private readonly deps: { orm: MikroORM; clock: Clock }) {}

  async list(actor: Actor): Promise<SessionView[]> {
    const sessions = await this.deps.orm.em
      .fork()
      .find(
        AuthSession,
        { user: actor.userId, revokedAt: null, expiresAt: { $gt: this.deps.clock.now() } },
        { orderBy: { createdAt: 'desc', id: 'desc' } },
      );
    return sessions.map((session) => ({
      id: session.id,
      createdAt: session.createdAt.toISOString(),
      expiresAt: session.expiresAt.toISOString(),
      ip: session.ip ?? null,
      userAgent: session.userAgent ?? null,
      current: session.id === actor.sessionId,
    }));
  }

  /** Ends one of the actor's live sessions; another user's, or one already ended, is not found. */
  async end(actor: Actor, id: string): Promise<void> {
    const ended = await this.deps.orm.em
      .fork()
      .nativeUpdate(
        AuthSession,
        { id, user: actor.userId, revokedAt: null },
        { revokedAt: this.deps.clock.now(), revokedReason: 'ended_by_user' },
      );
    if (ended === 0) throw notFound('Session');
  }

  /** Ends every live session of the actor but the one it came with; answers how many. */
  async endOthers(actor: Actor): Promise<{ ended: number }> {
    const ended = await this.deps.orm.em
      .fork()
      .nativeUpdate(
        AuthSession,
        { user: actor.userId, revokedAt: null, id: { $ne: actor.sessionId } },
        { revokedAt: this.deps.clock.now(), revokedReason: 'ended_by_user' },
      );
    return { ended };
  }
}
