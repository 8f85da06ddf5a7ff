import { ALERT_STATES } from '@oncall/core';
import { builder } from '../builder';

export const AlertStateEnum = builder.enumType('AlertState', {
  description: 'The worst state of the rule’s instances; `unknown` until it has data.',
  values: ALERT_STATES,
});
