import type { MikroORM } from '@mikro-orm/core';
import type { AlertRuleTypeCatalog } from '@oncall/contracts';
import type { AlertRuleView } from '../alert-rules/alert-rule-view';
import type { Actor } from '../auth/actor';
import type { SecretBox } from '../crypto/secret-box';
import type { Clock } from '../ports/clock';
import {
  type DeliveryAttemptView,
  type DeliveryFilter,
  deliveriesByEvent,
  listDeliveries,
} from './delivery-list';
import { type DeliveryGrouping, type DeliveryStats, deliveryStats } from './delivery-stats';
import {
  type EpisodeFilter,
  type EpisodeView,
  episodesById,
  episodesByRule,
  listEpisodes,
} from './episode-list';
import {
  eventsById,
  eventsByParent,
  type HistoryEventFilter,
  type HistoryEventView,
  listEvents,
} from './event-list';
import { noisiestRules, type RuleNoise } from './noisiest-rules';
import { type PageStats, pageStats } from './page-stats';
import { assertReportable, type ReportFilter } from './report-filter';
import type { ReportGrouping } from './report-grouping';
import type { Slice, SliceQuery } from './report-slice';
import { ReportedRuleViews } from './reported-rule-views';
import { type EpisodeStats, episodeStats } from './response-times';
import { type StateDuration, type StateGrouping, stateDurations } from './state-durations';

/**
 * Read-only reports over the history and the delivery log, for the GraphQL face. Every read is
 * bounded by the rules the actor may see (the rule list's condition), nested reads included: the
 * batch methods take parents' ids and answer one slice per parent, in one statement per batch.
 */
export class ReportingService {
  private readonly rules: ReportedRuleViews;

  constructor(
    private readonly deps: {
      orm: MikroORM;
      secretBox: SecretBox;
      ruleTypes: AlertRuleTypeCatalog;
      clock: Clock;
    },
  ) {
    this.rules = new ReportedRuleViews(deps);
  }

  async episodes(actor: Actor, filter: EpisodeFilter, slice: SliceQuery): Promise<Slice<EpisodeView>> {
    const em = this.deps.orm.em.fork();
    await assertReportable(em, actor, filter);
    return listEpisodes(em, actor, filter, slice);
  }

  async events(
    actor: Actor,
    filter: HistoryEventFilter,
    slice: SliceQuery,
  ): Promise<Slice<HistoryEventView>> {
    const em = this.deps.orm.em.fork();
    await assertReportable(em, actor, filter);
    return listEvents(em, actor, filter, slice);
  }

  async deliveries(
    actor: Actor,
    filter: DeliveryFilter,
    slice: SliceQuery,
  ): Promise<Slice<DeliveryAttemptView>> {
    const em = this.deps.orm.em.fork();
    await assertReportable(em, actor, filter);
    return listDeliveries(em, actor, filter, slice);
  }

  /** Episodes, MTTA and MTTR per group. */
  async episodeStats(actor: Actor, filter: ReportFilter, grouping: ReportGrouping): Promise<EpisodeStats[]> {
    const em = this.deps.orm.em.fork();
    await assertReportable(em, actor, filter);
    return episodeStats(em, actor, filter, grouping);
  }

  async pageStats(actor: Actor, filter: ReportFilter, grouping: ReportGrouping): Promise<PageStats[]> {
    const em = this.deps.orm.em.fork();
    await assertReportable(em, actor, filter);
    return pageStats(em, actor, filter, grouping);
  }

  async deliveryStats(
    actor: Actor,
    filter: DeliveryFilter,
    grouping: DeliveryGrouping,
  ): Promise<DeliveryStats[]> {
    const em = this.deps.orm.em.fork();
    await assertReportable(em, actor, filter);
    return deliveryStats(em, actor, filter, grouping);
  }

  async noisiestRules(actor: Actor, filter: ReportFilter, first: number): Promise<RuleNoise[]> {
    const em = this.deps.orm.em.fork();
    await assertReportable(em, actor, filter);
    return noisiestRules(em, actor, filter, first);
  }

  async stateDurations(
    actor: Actor,
    filter: ReportFilter,
    grouping: StateGrouping,
  ): Promise<StateDuration[]> {
    const em = this.deps.orm.em.fork();
    await assertReportable(em, actor, filter);
    return stateDurations(em, actor, filter, grouping, this.deps.clock.now());
  }

  rulesById(actor: Actor, ruleIds: readonly string[]): Promise<(AlertRuleView | null)[]> {
    return this.rules.byId(this.deps.orm.em.fork(), actor, ruleIds);
  }

  rulesByTeam(actor: Actor, teamIds: readonly string[]): Promise<AlertRuleView[][]> {
    return this.rules.byTeam(this.deps.orm.em.fork(), actor, teamIds);
  }

  episodesByRule(actor: Actor, ruleIds: readonly string[], slice: SliceQuery): Promise<Slice<EpisodeView>[]> {
    return episodesByRule(this.deps.orm.em.fork(), actor, ruleIds, {}, slice);
  }

  episodesById(actor: Actor, episodeIds: readonly string[]): Promise<(EpisodeView | null)[]> {
    return episodesById(this.deps.orm.em.fork(), actor, episodeIds);
  }

  eventsByEpisode(
    actor: Actor,
    episodeIds: readonly string[],
    slice: SliceQuery,
  ): Promise<Slice<HistoryEventView>[]> {
    return eventsByParent(this.deps.orm.em.fork(), actor, 'episode', episodeIds, {}, slice);
  }

  /** Each user's acknowledgements, on rules the actor may see. */
  acknowledgementsByUser(
    actor: Actor,
    userIds: readonly string[],
    slice: SliceQuery,
  ): Promise<Slice<HistoryEventView>[]> {
    return eventsByParent(
      this.deps.orm.em.fork(),
      actor,
      'actor',
      userIds,
      { kinds: ['acknowledged'] },
      slice,
    );
  }

  eventsById(actor: Actor, eventIds: readonly string[]): Promise<(HistoryEventView | null)[]> {
    return eventsById(this.deps.orm.em.fork(), actor, eventIds);
  }

  deliveriesByEvent(
    actor: Actor,
    eventIds: readonly string[],
    slice: SliceQuery,
  ): Promise<Slice<DeliveryAttemptView>[]> {
    return deliveriesByEvent(this.deps.orm.em.fork(), actor, eventIds, {}, slice);
  }
}
