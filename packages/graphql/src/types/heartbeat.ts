import { HEARTBEAT_STATES, type HeartbeatRuleView, type HeartbeatView } from '@oncall/heartbeats';
import type { Builder } from '../builder';

export const heartbeatStateEnum = (builder: Builder) =>
  builder.enumType('HeartbeatState', {
    description:
      '`new`: never pinged; `up`: on time; `late`: past its expected time, within the grace; `down`: fired; `paused`: not watched until resumed.',
    values: HEARTBEAT_STATES,
  });

export const heartbeatType = (builder: Builder) => {
  const state = heartbeatStateEnum(builder);
  return builder.objectRef<HeartbeatView>('Heartbeat').implement({
    description: 'One watched job of a heartbeat rule.',
    fields: (t) => ({
      instance: t.exposeString('instance', {
        description: "The instance key; empty for the rule's own heartbeat.",
      }),
      state: t.field({ type: state, resolve: (heartbeat) => heartbeat.state }),
      lastPingAt: t.exposeString('lastPingAt', { nullable: true, description: 'ISO 8601 timestamp.' }),
      lastPingKind: t.exposeString('lastPingKind', {
        nullable: true,
        description: '`success`, `start` or `fail`.',
      }),
      lastExitStatus: t.exposeInt('lastExitStatus', { nullable: true }),
      lastRunId: t.exposeString('lastRunId', { nullable: true }),
      lastBody: t.exposeString('lastBody', { nullable: true, description: "The last ping's body, bounded." }),
      lastStartedAt: t.exposeString('lastStartedAt', { nullable: true }),
      lateAt: t.exposeString('lateAt', {
        nullable: true,
        description: 'When the next success ping is expected.',
      }),
      downAt: t.exposeString('downAt', { nullable: true, description: 'When the rule fires without it.' }),
      pings: t.exposeInt('pings'),
    }),
  });
};

export const heartbeatRuleType = (builder: Builder) => {
  const heartbeat = heartbeatType(builder);
  return builder.objectRef<HeartbeatRuleView>('HeartbeatRule').implement({
    description: "A heartbeat rule's watched jobs.",
    fields: (t) => ({
      ruleId: t.exposeID('ruleId'),
      pingUrl: t.exposeString('pingUrl', { nullable: true, description: "Shown to the rule's admins only." }),
      heartbeats: t.field({ type: [heartbeat], resolve: (rule) => rule.heartbeats }),
    }),
  });
};
