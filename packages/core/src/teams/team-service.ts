import type { EntityManager, MikroORM } from '@mikro-orm/core';
import type { Actor } from '../auth/actor';
import { Team } from '../entities/team.entity';
import { User } from '../entities/user.entity';
import { assertNotCopied } from '../main-copies/main-copies';
import type { OwnershipMover } from '../ownership/ownership-transfer';
import { type Page, type PageQuery, pageOffset } from '../pagination/page';
import { containsPattern } from '../persistence/contains-pattern';
import { assertCanCreateTeam, assertCanManageTeam } from '../policy/team-policy';
import { assertIdExists, assertIdsExist } from '../validation/existing-ids';
import { loadById } from '../validation/find-by-id';
import { type TeamView, toTeamView } from './team-view';

export interface TeamInput {
  name: string;
  description?: string | null;
  ownerId: string;
  userIds: string[];
}

export interface TeamListQuery extends PageQuery {
  name?: string;
}

const POPULATE = ['owner', 'members'] as const;

export class TeamService {
  constructor(private readonly deps: { orm: MikroORM }) {}

  async list(_actor: Actor, query: TeamListQuery): Promise<Page<TeamView>> {
    const em = this.deps.orm.em.fork();
    const where = query.name ? { name: { $ilike: containsPattern(query.name) } } : {};
    const [teams, total] = await em.findAndCount(Team, where, {
      populate: POPULATE,
      orderBy: { name: 'asc', id: 'asc' },
      limit: query.perPage,
      offset: pageOffset(query),
    });
    return { items: teams.map(toTeamView), total, page: query.page, perPage: query.perPage };
  }

  async all(_actor: Actor): Promise<TeamView[]> {
    const teams = await this.deps.orm.em
      .fork()
      .find(Team, {}, { populate: POPULATE, orderBy: { name: 'asc' } });
    return teams.map(toTeamView);
  }

  async get(_actor: Actor, id: string): Promise<TeamView> {
    return toTeamView(
      await loadById(id, 'Team', (i) =>
        this.deps.orm.em.fork().findOne(Team, { id: i }, { populate: POPULATE }),
      ),
    );
  }

  async create(actor: Actor, input: TeamInput): Promise<TeamView> {
    assertCanCreateTeam(actor);
    const em = this.deps.orm.em.fork();
    await this.assertReferences(em, input);
    const team = em.create(Team, {
      name: input.name,
      description: input.description ?? null,
      owner: em.getReference(User, input.ownerId),
    });
    team.members.set(input.userIds.map((id) => em.getReference(User, id)));
    await em.flush();
    return this.get(actor, team.id);
  }

  async update(actor: Actor, id: string, input: TeamInput): Promise<TeamView> {
    const em = this.deps.orm.em.fork();
    const team = await loadById(id, 'Team', (i) => em.findOne(Team, { id: i }, { populate: POPULATE }));
    assertCanManageTeam(actor, { ownerId: team.owner.id });
    await assertNotCopied(em, 'teams', id, 'This team');
    await this.assertReferences(em, input);
    team.name = input.name;
    if (input.description !== undefined) team.description = input.description;
    team.owner = em.getReference(User, input.ownerId);
    team.members.set(input.userIds.map((uid) => em.getReference(User, uid)));
    await em.flush();
    return this.get(actor, id);
  }

  async delete(actor: Actor, id: string): Promise<TeamView> {
    const em = this.deps.orm.em.fork();
    const team = await loadById(id, 'Team', (i) => em.findOne(Team, { id: i }, { populate: POPULATE }));
    assertCanManageTeam(actor, { ownerId: team.owner.id });
    await assertNotCopied(em, 'teams', id, 'This team');
    const view = toTeamView(team);
    await em.remove(team).flush();
    return view;
  }

  private async assertReferences(em: EntityManager, input: TeamInput): Promise<void> {
    await assertIdExists(em, User, 'ownerId', input.ownerId, 'owner');
    await assertIdsExist(em, User, 'userIds', input.userIds, 'user');
  }
}

/** Teams a deleted or departing user owned go to the new owner; memberships are left as they are. */
export const teamOwnershipMover: OwnershipMover = {
  kind: 'teams',
  move: (em, fromUserId, toUserId) => em.nativeUpdate(Team, { owner: fromUserId }, { owner: toUserId }),
};
