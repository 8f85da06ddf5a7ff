import type {
  AlertRuleView,
  DeliveryStats,
  DurationStats,
  EpisodeStats,
  PageStats,
  ReportGroupKey,
  RuleNoise,
  StateDuration,
  TeamView,
} from '@oncall/core';
import type { ObjectRef } from '@pothos/core';
import type { Builder, BuilderTypes } from '../builder';
import type { AlertStateEnum } from './alert-state';

type Ref<T> = ObjectRef<BuilderTypes, T>;

/** The aggregate reports' rows. Durations are seconds (latency: milliseconds). */
export function reportStatsTypes(
  builder: Builder,
  refs: { rule: Ref<AlertRuleView>; team: Ref<TeamView>; state: AlertStateEnum },
) {
  const durations = builder.objectRef<DurationStats>('DurationStats').implement({
    description: 'Continuous percentiles (PostgreSQL `percentile_cont`) and the mean of `count` values.',
    fields: (t) => ({
      count: t.exposeInt('count'),
      mean: t.exposeFloat('mean'),
      p50: t.exposeFloat('p50'),
      p90: t.exposeFloat('p90'),
      p99: t.exposeFloat('p99'),
    }),
  });

  const key = builder.objectRef<ReportGroupKey>('ReportGroupKey').implement({
    description: 'Which group a row is: only the grouping’s own field is set.',
    fields: (t) => ({
      ruleId: t.exposeID('ruleId', { nullable: true }),
      rule: t.field({
        type: refs.rule,
        nullable: true,
        resolve: (k, _args, ctx) => (k.ruleId ? ctx.loaders.rule(k.ruleId) : null),
      }),
      teamId: t.exposeID('teamId', { nullable: true }),
      team: t.field({
        type: refs.team,
        nullable: true,
        resolve: (k, _args, ctx) => (k.teamId ? ctx.loaders.team(k.teamId) : null),
      }),
      day: t.exposeString('day', { nullable: true, description: 'The UTC day’s start, ISO 8601.' }),
    }),
  });

  const episodeStats = builder.objectRef<EpisodeStats>('EpisodeStats').implement({
    description:
      'Episodes fired in the range. MTTA: first acknowledgement − fire, over the acknowledged ones; MTTR: first resolution (resolved or auto-resolved) − fire, over the resolved ones.',
    fields: (t) => ({
      key: t.expose('key', { type: key }),
      episodes: t.exposeInt('episodes'),
      acknowledged: t.exposeInt('acknowledged'),
      resolved: t.exposeInt('resolved'),
      mtta: t.expose('mtta', { type: durations, nullable: true }),
      mttr: t.expose('mttr', { type: durations, nullable: true }),
    }),
  });

  const pageStats = builder.objectRef<PageStats>('PageStats').implement({
    description:
      'A page is one event sent to one endpoint, however many attempts it took; counted at the event’s time.',
    fields: (t) => ({
      key: t.expose('key', { type: key }),
      pages: t.exposeInt('pages'),
      delivered: t.exposeInt('delivered', { description: 'Pages one of whose attempts was delivered.' }),
      attempts: t.exposeInt('attempts'),
    }),
  });

  const deliveryStats = builder.objectRef<DeliveryStats>('DeliveryStats').implement({
    description:
      'Attempts made in the range. successRate = delivered ÷ attempts; fallbackRate = attempts on a non-default provider config ÷ attempts.',
    fields: (t) => ({
      channel: t.exposeString('channel', {
        nullable: true,
        description: 'The endpoint type; `deleted` once gone.',
      }),
      provider: t.exposeString('provider', { nullable: true, description: 'The provider, or `direct`.' }),
      attempts: t.exposeInt('attempts'),
      delivered: t.exposeInt('delivered'),
      successRate: t.exposeFloat('successRate'),
      fallbackAttempts: t.exposeInt('fallbackAttempts'),
      fallbackRate: t.exposeFloat('fallbackRate'),
      latencyMs: t.expose('latencyMs', { type: durations, nullable: true }),
    }),
  });

  const ruleNoise = builder.objectRef<RuleNoise>('RuleNoise').implement({
    fields: (t) => ({
      ruleId: t.exposeID('ruleId'),
      rule: t.field({
        type: refs.rule,
        nullable: true,
        resolve: (n, _args, ctx) => ctx.loaders.rule(n.ruleId),
      }),
      fires: t.exposeInt('fires', { description: '`fired` and `refired` events.' }),
      episodes: t.exposeInt('episodes'),
      events: t.exposeInt('events', { description: 'Every history event but tests.' }),
    }),
  });

  const stateDuration = builder.objectRef<StateDuration>('StateDuration').implement({
    description:
      'Seconds the group’s rules spent in a state within the range (to now when `to` is left out).',
    fields: (t) => ({
      key: t.expose('key', { type: key }),
      state: t.expose('state', { type: refs.state }),
      seconds: t.exposeFloat('seconds'),
    }),
  });

  return { episodeStats, pageStats, deliveryStats, ruleNoise, stateDuration };
}
