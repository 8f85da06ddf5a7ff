import type { AlertRuleView, DeliveryAttemptView, EpisodeView, HistoryEventView } from '@oncall/core';
import type { ObjectRef } from '@pothos/core';
import type { Builder, BuilderTypes } from '../builder';
import { connectionOf, sliceQueryOf } from '../reporting/slice-args';
import type { AlertStateEnum } from './alert-state';
import type { ReportEnums } from './report-enums';

type Ref<T> = ObjectRef<BuilderTypes, T>;

const seconds = (from: string, to: string | null) =>
  to === null ? null : (Date.parse(to) - Date.parse(from)) / 1000;

/**
 * Episodes, history events and delivery attempts, which name each other: their nested fields load
 * through the request's batch loaders, and every one of them is bounded by the rules the caller
 * may see (a delivery's event, an event's episode and rule are null past that bound).
 */
export function reportRecordTypes(
  builder: Builder,
  refs: { rule: Ref<AlertRuleView>; state: AlertStateEnum; enums: ReportEnums },
) {
  const episode = builder.objectRef<EpisodeView>('Episode');
  const event = builder.objectRef<HistoryEventView>('HistoryEvent');
  const delivery = builder.objectRef<DeliveryAttemptView>('DeliveryAttempt');
  // One connection type per record, whichever field pages it.
  const connections = {
    episode: builder.connectionObject({ type: episode, name: 'EpisodeConnection' }),
    event: builder.connectionObject({ type: event, name: 'HistoryEventConnection' }),
    delivery: builder.connectionObject({ type: delivery, name: 'DeliveryAttemptConnection' }),
  };

  episode.implement({
    description: 'One instance’s life from its fire to its resolution.',
    fields: (t) => ({
      id: t.exposeID('id'),
      instanceId: t.exposeID('instanceId', { nullable: true }),
      alertname: t.exposeString('alertname', { nullable: true }),
      instance: t.exposeString('instance', { nullable: true }),
      status: t.expose('status', { type: refs.enums.episodeStatus }),
      firedAt: t.exposeString('firedAt', { description: 'ISO 8601 timestamp.' }),
      acknowledgedAt: t.exposeString('acknowledgedAt', { nullable: true }),
      resolvedAt: t.exposeString('resolvedAt', { nullable: true }),
      secondsToAcknowledge: t.float({ nullable: true, resolve: (e) => seconds(e.firedAt, e.acknowledgedAt) }),
      secondsToResolve: t.float({ nullable: true, resolve: (e) => seconds(e.firedAt, e.resolvedAt) }),
      rule: t.field({
        type: refs.rule,
        nullable: true,
        resolve: (e, _args, ctx) => ctx.loaders.rule(e.ruleId),
      }),
      events: t.connection(
        {
          type: event,
          description: 'Newest first.',
          resolve: async (e, args, ctx) =>
            connectionOf(await ctx.loaders.episodeEvents(e.id, sliceQueryOf(args)), eventKeyset),
        },
        connections.event,
      ),
    }),
  });

  event.implement({
    description: 'One entry of a rule’s history.',
    fields: (t) => ({
      id: t.exposeID('id'),
      kind: t.expose('kind', { type: refs.enums.eventKind }),
      state: t.expose('state', {
        type: refs.state,
        nullable: true,
        description: 'The instance’s, after the event.',
      }),
      ruleState: t.expose('ruleState', { type: refs.state, description: 'The rule’s, after the event.' }),
      alertname: t.exposeString('alertname', { nullable: true }),
      instance: t.exposeString('instance', { nullable: true }),
      description: t.exposeString('description', { nullable: true }),
      instanceId: t.exposeID('instanceId', { nullable: true }),
      episodeId: t.exposeID('episodeId', { nullable: true }),
      actorId: t.exposeID('actorId', {
        nullable: true,
        description: 'Who acknowledged or resolved by hand.',
      }),
      createdAt: t.exposeString('createdAt', { description: 'ISO 8601 timestamp.' }),
      rule: t.field({
        type: refs.rule,
        nullable: true,
        resolve: (e, _args, ctx) => ctx.loaders.rule(e.ruleId),
      }),
      episode: t.field({
        type: episode,
        nullable: true,
        resolve: (e, _args, ctx) => (e.episodeId ? ctx.loaders.episode(e.episodeId) : null),
      }),
      deliveries: t.connection(
        {
          type: delivery,
          description: 'The attempts to page this event’s endpoints, newest first.',
          resolve: async (e, args, ctx) =>
            connectionOf(await ctx.loaders.eventDeliveries(e.id, sliceQueryOf(args)), deliveryKeyset),
        },
        connections.delivery,
      ),
    }),
  });

  delivery.implement({
    description: 'One attempt to page an endpoint about an event.',
    fields: (t) => ({
      id: t.exposeID('id'),
      attempt: t.exposeInt('attempt'),
      outcome: t.expose('outcome', { type: refs.enums.outcome }),
      error: t.exposeString('error', {
        nullable: true,
        description: 'The provider’s error text; shown to owners and managers only.',
      }),
      latencyMs: t.exposeInt('latencyMs', { nullable: true }),
      channel: t.exposeString('channel', {
        nullable: true,
        description: 'The endpoint’s type; null once deleted.',
      }),
      provider: t.exposeString('provider', { description: 'The provider config’s provider, or `direct`.' }),
      providerConfigId: t.exposeString('providerConfigId'),
      endpointId: t.exposeString('endpointId', { nullable: true }),
      fallback: t.exposeBoolean('fallback', {
        description: 'Made on a provider config that is not its kind’s default (the backup).',
      }),
      createdAt: t.exposeString('createdAt', { description: 'ISO 8601 timestamp.' }),
      event: t.field({
        type: event,
        nullable: true,
        resolve: (d, _args, ctx) => ctx.loaders.event(d.alertEventId),
      }),
    }),
  });

  return { episode, event, delivery, connections };
}

export const episodeKeyset = (e: EpisodeView) => ({ at: e.firedAt, id: e.id });
export const eventKeyset = (e: HistoryEventView) => ({ at: e.createdAt, id: e.id });
export const deliveryKeyset = (d: DeliveryAttemptView) => ({ at: d.createdAt, id: d.id });
