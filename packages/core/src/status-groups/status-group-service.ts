import type { EntityManager, MikroORM } from '@mikro-orm/core';
import type { Actor } from '../auth/actor';
import { StatusGroup } from '../entities/status-group.entity';
import { validationFailed } from '../errors/domain-error';
import { type Page, type PageQuery, pageOffset } from '../pagination/page';
import { containsPattern } from '../persistence/contains-pattern';
import { assertCanManageStatusGroups } from '../policy/status-group-policy';
import { loadById } from '../validation/find-by-id';
import { withUniqueField } from '../validation/unique-violation';
import { type StatusCard, statusCards } from './status-cards';
import { type StatusGroupView, toStatusGroupView } from './status-group-view';

/** `tags`: at least one, trimmed and without duplicates (the faces' schema makes them so). */
export interface StatusGroupInput {
  name: string;
  tags: string[];
}

export interface StatusGroupListQuery extends PageQuery {
  name?: string;
}

const LABEL = 'Status group';
const TAKEN = 'The name has already been taken.';

/** The status page's groups: named sets of tags, each drawn as a card of the rules carrying them all. */
export class StatusGroupService {
  constructor(private readonly deps: { orm: MikroORM }) {}

  /** The status page, for anyone signed in: every group, counting the rules the reader sees. */
  cards(actor: Actor): Promise<StatusCard[]> {
    return statusCards(this.deps.orm.em.fork(), actor);
  }

  /** By name; `name` filters by partial, case-insensitive match. */
  async list(actor: Actor, query: StatusGroupListQuery): Promise<Page<StatusGroupView>> {
    assertCanManageStatusGroups(actor);
    const where = query.name ? { name: { $ilike: containsPattern(query.name) } } : {};
    const [groups, total] = await this.deps.orm.em.fork().findAndCount(StatusGroup, where, {
      orderBy: { name: 'asc', id: 'asc' },
      limit: query.perPage,
      offset: pageOffset(query),
    });
    return { items: groups.map(toStatusGroupView), total, page: query.page, perPage: query.perPage };
  }

  async get(actor: Actor, id: string): Promise<StatusGroupView> {
    assertCanManageStatusGroups(actor);
    return toStatusGroupView(await this.load(this.deps.orm.em.fork(), id));
  }

  async create(actor: Actor, input: StatusGroupInput): Promise<StatusGroupView> {
    assertCanManageStatusGroups(actor);
    const em = this.deps.orm.em.fork();
    await this.assertNameFree(em, input.name, null);
    const group = em.create(StatusGroup, { name: input.name, tags: input.tags });
    await withUniqueField('name', TAKEN, () => em.flush());
    return toStatusGroupView(group);
  }

  async update(actor: Actor, id: string, input: StatusGroupInput): Promise<StatusGroupView> {
    assertCanManageStatusGroups(actor);
    const em = this.deps.orm.em.fork();
    const group = await this.load(em, id);
    await this.assertNameFree(em, input.name, group.id);
    em.assign(group, { name: input.name, tags: input.tags });
    await withUniqueField('name', TAKEN, () => em.flush());
    return toStatusGroupView(group);
  }

  async delete(actor: Actor, id: string): Promise<StatusGroupView> {
    assertCanManageStatusGroups(actor);
    const em = this.deps.orm.em.fork();
    const group = await this.load(em, id);
    const view = toStatusGroupView(group);
    await em.remove(group).flush();
    return view;
  }

  private async assertNameFree(em: EntityManager, name: string, ownId: string | null): Promise<void> {
    const others = ownId === null ? { name } : { name, id: { $ne: ownId } };
    if (await em.count(StatusGroup, others)) throw validationFailed({ name: [TAKEN] });
  }

  private load(em: EntityManager, id: string): Promise<StatusGroup> {
    return loadById(id, LABEL, (i) => em.findOne(StatusGroup, { id: i }));
  }
}
