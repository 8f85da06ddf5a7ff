import type { MikroORM } from '@mikro-orm/core';
import { loadVisibleRule } from '../alert-lifecycle/rule-access';
import type { Actor } from '../auth/actor';
import { isId } from '../entities/index';
import { notFound } from '../errors/domain-error';
import type { Page, PageQuery } from '../pagination/page';
import { queryRows } from '../persistence/query-rows';
import { type DeliveryLogEntry, type DeliveryLogScope, deliveryLog } from './delivery-log';
import { type Episode, ruleEpisodes } from './rule-episodes';

/**
 * A rule's episodes and what was sent about them. Whoever may read the rule may read these (the
 * same check as its history: a rule the actor may not see is not found).
 */
export class EpisodeReadService {
  constructor(private readonly deps: { orm: MikroORM }) {}

  async list(actor: Actor, ruleId: string, query: PageQuery): Promise<Page<Episode>> {
    const em = this.deps.orm.em.fork();
    const rule = await loadVisibleRule(em, actor, ruleId);
    return ruleEpisodes(em, rule.id, query);
  }

  /** The rule's delivery log, or one episode's when `episodeId` is given (not found unless it is the rule's). */
  async deliveryLog(
    actor: Actor,
    scope: DeliveryLogScope,
    query: PageQuery,
  ): Promise<Page<DeliveryLogEntry>> {
    const em = this.deps.orm.em.fork();
    const rule = await loadVisibleRule(em, actor, scope.ruleId);
    const { episodeId } = scope;
    if (episodeId !== undefined && !(await isEpisodeOf(this.deps.orm, rule.id, episodeId))) {
      throw notFound('Episode');
    }
    return deliveryLog(em, { ruleId: rule.id, episodeId }, query, actor);
  }
}

async function isEpisodeOf(orm: MikroORM, ruleId: string, episodeId: string): Promise<boolean> {
  if (!isId(episodeId)) return false;
  const [row] = await queryRows<{ found: boolean }>(
    orm.em.fork(),
    'select exists (select 1 from alert_events where rule_id = ? and episode_id = ?) as found',
    [ruleId, episodeId],
  );
  return row?.found === true;
}
