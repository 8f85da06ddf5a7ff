import type { Builder } from '../builder';
import type { AlertRuleTypeEnum } from '../types/alert-rule-type';
import type { AlertStateEnum } from '../types/alert-state';
import type { SilentStatusEnum } from '../types/silent-status';

/** The REST list's filters, with lists as lists. */
export const alertRuleFilterInput = (
  builder: Builder,
  enums: { ruleType: AlertRuleTypeEnum; state: AlertStateEnum; silentStatus: SilentStatusEnum },
) =>
  builder.inputType('AlertRuleFilterInput', {
    fields: (t) => ({
      alertname: t.string({ description: 'Case-insensitive substring of the name.' }),
      userId: t.id({ description: 'The owner or a shared user.' }),
      types: t.field({ type: [enums.ruleType] }),
      tags: t.stringList({ description: 'Every one must be on the rule.' }),
      silentStatus: t.field({ type: enums.silentStatus, description: 'For the caller.' }),
      endpointId: t.id(),
      status: t.field({ type: [enums.state], description: 'Any of these states.' }),
    }),
  });
