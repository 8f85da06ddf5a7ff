import {
  ALERT_EVENT_KINDS,
  DELIVERY_GROUPINGS,
  DELIVERY_OUTCOMES,
  EPISODE_STATUSES,
  REPORT_GROUPINGS,
  STATE_GROUPINGS,
} from '@oncall/core';
import type { Builder } from '../builder';

/** The enums of the reports, named as the core names their values. */
export function reportEnums(builder: Builder) {
  return {
    eventKind: builder.enumType('AlertEventKind', { values: ALERT_EVENT_KINDS }),
    episodeStatus: builder.enumType('EpisodeStatus', {
      description: 'Resolved once resolved; acknowledged once acknowledged and not resolved; open otherwise.',
      values: EPISODE_STATUSES,
    }),
    outcome: builder.enumType('DeliveryOutcome', { values: DELIVERY_OUTCOMES }),
    grouping: builder.enumType('ReportGrouping', {
      description:
        'Not at all, per rule, per team the rule is shared with (a rule of two counts in both), per UTC day.',
      values: REPORT_GROUPINGS,
    }),
    deliveryGrouping: builder.enumType('DeliveryGrouping', { values: DELIVERY_GROUPINGS }),
    stateGrouping: builder.enumType('StateGrouping', { values: STATE_GROUPINGS }),
  };
}

export type ReportEnums = ReturnType<typeof reportEnums>;
