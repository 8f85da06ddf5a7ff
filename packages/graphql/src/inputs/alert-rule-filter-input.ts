import { builder } from '../builder';
import { AlertRuleTypeEnum } from '../types/alert-rule-type';
import { AlertStateEnum } from '../types/alert-state';
import { SilentStatusEnum } from '../types/silent-status';

/** The REST list's filters, with lists as lists. */
export const AlertRuleFilterInput = builder.inputType('AlertRuleFilterInput', {
  fields: (t) => ({
    alertname: t.string({ description: 'Case-insensitive substring of the name.' }),
    userId: t.id({ description: 'The owner or a shared user.' }),
    types: t.field({ type: [AlertRuleTypeEnum] }),
    tags: t.stringList({ description: 'Every one must be on the rule.' }),
    silentStatus: t.field({ type: SilentStatusEnum, description: 'For the caller.' }),
    endpointId: t.id(),
    status: t.field({ type: [AlertStateEnum], description: 'Any of these states.' }),
  }),
});
