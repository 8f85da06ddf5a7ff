import { ALERT_STATES } from '@oncall/core';
import type { Builder } from '../builder';

export const alertStateEnum = (builder: Builder) =>
  builder.enumType('AlertState', {
    description: 'The worst state of the rule’s instances; `unknown` until it has data.',
    values: ALERT_STATES,
  });

export type AlertStateEnum = ReturnType<typeof alertStateEnum>;
