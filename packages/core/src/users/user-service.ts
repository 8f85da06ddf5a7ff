import type { MikroORM } from '@mikro-orm/core';
import type { Actor } from '../auth/actor';
import type { LoginThrottle } from '../auth/login-throttle';
import type { PasswordHasher } from '../auth/password-hasher';
import { toUserView, type UserView } from '../auth/user-view';
import { AuthSession } from '../entities/auth-session.entity';
import { type Role, User } from '../entities/user.entity';
import { forbidden, validationFailed } from '../errors/domain-error';
import { assertNotCopied } from '../main-copies/main-copies';
import type { OwnershipTransfer } from '../ownership/ownership-transfer';
import { type Page, type PageQuery, pageOffset } from '../pagination/page';
import { containsPattern } from '../persistence/contains-pattern';
import { queryRows } from '../persistence/query-rows';
import { assertCanListUsers, assertCanManageUser, userPolicy } from '../policy/user-policy';
import type { Clock } from '../ports/clock';
import { assertIdExists } from '../validation/existing-ids';
import { loadById } from '../validation/find-by-id';
import { withUniqueField } from '../validation/unique-violation';

export interface CreateUserInput {
  username: string;
  name: string;
  password: string;
  role: Role;
}

export interface UpdateUserInput {
  username: string;
  name: string;
  role: Role;
}

export interface PasswordChangeInput {
  password: string;
  /** Required when users change their own password. */
  currentPassword?: string | null;
}

export interface UserListQuery extends PageQuery {
  username?: string;
}

/** A short pick for dropdowns and sharing dialogs. */
export interface UserOption {
  id: string;
  username: string;
  name: string;
  role: Role;
  roles: Role[];
}

const TAKEN = 'The username has already been taken.';

export class UserService {
  constructor(
    private readonly deps: {
      orm: MikroORM;
      hasher: PasswordHasher;
      ownership: OwnershipTransfer;
      clock: Clock;
      /** The login throttle: a wrong current password counts as a failed login. */
      loginThrottle: LoginThrottle;
    },
  ) {}

  async list(actor: Actor, query: UserListQuery): Promise<Page<UserView>> {
    assertCanListUsers(actor);
    const em = this.deps.orm.em.fork();
    const where = query.username ? { username: { $ilike: containsPattern(query.username) } } : {};
    const [users, total] = await em.findAndCount(User, where, {
      orderBy: { createdAt: 'asc', id: 'asc' },
      limit: query.perPage,
      offset: pageOffset(query),
    });
    return { items: users.map(toUserView), total, page: query.page, perPage: query.perPage };
  }

  /** Read-only and often called (every sharing dialog), so it reads plain rows instead of entities. */
  async all(_actor: Actor): Promise<UserOption[]> {
    const rows = await queryRows<Pick<User, 'id' | 'username' | 'name' | 'role'>>(
      this.deps.orm.em,
      'select id, username, name, role from users order by username',
    );
    return rows.map((u) => ({ id: u.id, username: u.username, name: u.name, role: u.role, roles: [u.role] }));
  }

  async get(_actor: Actor, id: string): Promise<UserView> {
    return toUserView(await loadById(id, 'User', (i) => this.deps.orm.em.fork().findOne(User, { id: i })));
  }

  async create(actor: Actor, input: CreateUserInput): Promise<UserView> {
    if (!userPolicy.canListUsers(actor)) throw forbidden();
    assertCanManageUser(actor, { role: input.role });
    const em = this.deps.orm.em.fork();
    if (await em.count(User, { username: input.username })) throw validationFailed({ username: [TAKEN] });
    const passwordHash = await this.deps.hasher.hash(input.password);
    const user = em.create(User, {
      username: input.username,
      name: input.name,
      role: input.role,
      passwordHash,
    });
    await withUniqueField('username', TAKEN, () => em.flush());
    return toUserView(user);
  }

  async update(actor: Actor, id: string, input: UpdateUserInput): Promise<UserView> {
    const em = this.deps.orm.em.fork();
    const user = await loadById(id, 'User', (i) => em.findOne(User, { id: i }));
    if (actor.userId === id && !userPolicy.canListUsers(actor)) {
      // A member may edit its own profile but never its own role.
      if (input.role !== user.role) throw forbidden();
    } else {
      assertCanManageUser(actor, user, input.role);
    }
    await assertNotCopied(em, 'users', id, 'This user');
    if (user.isSystemAdmin && input.role !== 'owner') {
      throw validationFailed({ role: ['The system admin must keep the owner role.'] });
    }
    if (input.username !== user.username && (await em.count(User, { username: input.username }))) {
      throw validationFailed({ username: [TAKEN] });
    }
    user.username = input.username;
    user.name = input.name;
    user.role = input.role;
    await withUniqueField('username', TAKEN, () => em.flush());
    return toUserView(user);
  }

  /**
   * Changing a password ends the user's other sessions: whoever knew the old one is out. Changing
   * your own needs the current one, so a session left open (or stolen) cannot lock its owner out;
   * an owner or manager resetting someone else's does not know it and need not.
   */
  async changePassword(
    actor: Actor,
    id: string,
    input: PasswordChangeInput,
    meta: { ip?: string } = {},
  ): Promise<UserView> {
    const em = this.deps.orm.em.fork();
    const user = await loadById(id, 'User', (i) =>
      em.findOne(User, { id: i }, { populate: ['passwordHash'] }),
    );
    if (actor.userId === id) await this.assertCurrentPassword(user, input.currentPassword, meta.ip);
    else assertCanManageUser(actor, user);
    await assertNotCopied(em, 'users', id, 'This user');
    const { password } = input;
    user.passwordHash = await this.deps.hasher.hash(password);
    await em.transactional(async (tx) => {
      await tx.nativeUpdate(
        AuthSession,
        { user: id, revokedAt: null, id: { $ne: actor.sessionId } },
        { revokedAt: this.deps.clock.now(), revokedReason: 'password_changed' },
      );
    });
    await em.flush();
    return toUserView(user);
  }

  /** Counted by the login throttle, so a session cannot guess the password faster than a login can. */
  private async assertCurrentPassword(
    user: User,
    current: string | null | undefined,
    ip: string | undefined,
  ) {
    if (!current) throw validationFailed({ currentPassword: ['The current password field is required.'] });
    const attempt = this.deps.loginThrottle.begin(user.username, ip);
    if (!(await this.deps.hasher.verify(user.passwordHash, current))) {
      throw validationFailed({ currentPassword: ['The current password is incorrect.'] });
    }
    attempt.succeeded();
  }

  /** Deletes a user and hands everything it owned to the system admin; returns the deleted record. */
  async delete(actor: Actor, id: string): Promise<UserView> {
    const em = this.deps.orm.em.fork();
    const user = await loadById(id, 'User', (i) => em.findOne(User, { id: i }));
    if (user.isSystemAdmin) throw forbidden('The system admin user cannot be deleted.');
    if (user.id === actor.userId) throw forbidden('You cannot delete your own account.');
    if (!userPolicy.canListUsers(actor)) throw forbidden();
    assertCanManageUser(actor, user);
    await assertNotCopied(em, 'users', id, 'This user');
    const view = toUserView(user);
    await em.transactional(async (tx) => {
      const admin = await tx.findOneOrFail(User, { isSystemAdmin: true });
      await this.deps.ownership.moveAll(tx, user.id, admin.id);
      await tx.nativeDelete(User, { id: user.id });
    });
    return view;
  }

  /** Moves every owned record (rules, endpoints, teams, …) from one user to another. Owner role only. */
  async changeOwner(
    actor: Actor,
    fromUserId: string,
    toUserId: string,
  ): Promise<{ moved: Record<string, number> }> {
    if (!userPolicy.canTransferOwnership(actor)) throw forbidden();
    const em = this.deps.orm.em.fork();
    await assertIdExists(em, User, 'fromUser', fromUserId, 'user');
    await assertIdExists(em, User, 'toUser', toUserId, 'user');
    if (fromUserId === toUserId)
      throw validationFailed({ toUser: ['The new owner must differ from the current one.'] });
    const moved = await em.transactional((tx) => this.deps.ownership.moveAll(tx, fromUserId, toUserId));
    return { moved };
  }
}
