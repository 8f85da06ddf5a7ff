import type { EntityManager, MikroORM } from '@mikro-orm/core';
import { Team } from '../entities/team.entity';
import { type Role, User } from '../entities/user.entity';
import { conflict } from '../errors/domain-error';
import { queryRows } from '../persistence/query-rows';
import type { Clock } from '../ports/clock';
import type { AuthService, LoginMeta, TokenPair } from './auth-service';
import { newOpaqueToken } from './opaque-token';
import type { PasswordHasher } from './password-hasher';

/** Who the identity provider vouched for, with the role and teams its mapping grants. */
export interface SsoIdentity {
  issuer: string;
  subject: string;
  /** The username a new user gets. */
  username: string;
  name: string;
  /** An address the provider says it verified: an existing user of that username is linked. */
  verifiedEmail: string | undefined;
  role: Role;
  /** Every team the group mapping names, and the ones of them this identity belongs to. */
  mappedTeams: string[];
  memberOf: string[];
}

export interface SsoAccountsDeps {
  orm: MikroORM;
  clock: Clock;
  hasher: PasswordHasher;
  auth: AuthService;
}

/**
 * Users signing in through single sign-on: found by the provider's (issuer, subject), else linked by
 * verified email or made on the spot; their role and mapped teams follow the provider at each sign-in.
 */
export class SsoAccounts {
  constructor(private readonly deps: SsoAccountsDeps) {}

  async signIn(identity: SsoIdentity, meta: LoginMeta): Promise<TokenPair> {
    const em = this.deps.orm.em.fork();
    const user = await em.transactional(async (tx) => {
      const found = (await this.linkedUser(tx, identity)) ?? (await this.linkOrCreate(tx, identity));
      // The system admin stays an owner whatever the provider says (it cannot be demoted anywhere).
      if (!found.isSystemAdmin) found.role = identity.role;
      await this.applyTeams(tx, found, identity);
      await tx.flush();
      return found;
    });
    return this.deps.auth.startSession(em, user, meta);
  }

  private async linkedUser(tx: EntityManager, identity: SsoIdentity): Promise<User | null> {
    const [row] = await queryRows<{ user_id: string }>(
      tx,
      'select user_id from user_identities where issuer = ? and subject = ?',
      [identity.issuer, identity.subject],
    );
    return row ? tx.findOne(User, { id: row.user_id }) : null;
  }

  private async linkOrCreate(tx: EntityManager, identity: SsoIdentity): Promise<User> {
    const byEmail = identity.verifiedEmail
      ? await tx.findOne(User, { username: identity.verifiedEmail })
      : null;
    let user = byEmail;
    if (!user) {
      if (await tx.findOne(User, { username: identity.username })) {
        // Taking over a local account by a matching name alone would let the provider's users pick
        // whose account they get.
        throw conflict(
          `The username "${identity.username}" belongs to a local account; an owner must rename it, or the provider must vouch for its email.`,
        );
      }
      user = tx.create(User, {
        username: identity.username,
        name: identity.name,
        // Nobody knows this password: the user signs in through the provider.
        passwordHash: await this.deps.hasher.hash(newOpaqueToken('sso')),
        role: identity.role,
      });
      await tx.flush();
    }
    await tx
      .getConnection()
      .execute(
        'insert into user_identities (issuer, subject, user_id, created_at) values (?, ?, ?, ?)',
        [identity.issuer, identity.subject, user.id, this.deps.clock.now()],
        'run',
        tx.getTransactionContext(),
      );
    return user;
  }

  /** Joins the mapped teams the identity is in and leaves the mapped ones it is not; other teams are left alone. */
  private async applyTeams(tx: EntityManager, user: User, identity: SsoIdentity): Promise<void> {
    if (identity.mappedTeams.length === 0) return;
    const teams = await tx.find(Team, { name: { $in: identity.mappedTeams } }, { populate: ['members'] });
    for (const team of teams) {
      const wanted = identity.memberOf.includes(team.name);
      const has = team.members.contains(user);
      if (wanted && !has) team.members.add(user);
      if (!wanted && has) team.members.remove(user);
    }
  }
}
