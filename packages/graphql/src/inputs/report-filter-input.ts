import type { Builder } from '../builder';
import type { AlertRuleTypeEnum } from '../types/alert-rule-type';
import type { AlertStateEnum } from '../types/alert-state';

/** What every report narrows by; lists are "any of", tags "every one". */
export const reportFilterInput = (
  builder: Builder,
  enums: { ruleType: AlertRuleTypeEnum; state: AlertStateEnum },
) =>
  builder.inputType('ReportFilterInput', {
    fields: (t) => ({
      from: t.string({ description: 'ISO 8601 instant with an offset; inclusive.' }),
      to: t.string({ description: 'ISO 8601 instant with an offset; exclusive.' }),
      ruleIds: t.idList({ description: 'Rules the caller may see; another is NOT_FOUND.' }),
      ruleTypes: t.field({ type: [enums.ruleType] }),
      tags: t.stringList({ description: 'Every one must be on the rule.' }),
      teamIds: t.idList({
        description: 'Rules shared with any of these teams; a member reports on its own teams only.',
      }),
      ruleStates: t.field({ type: [enums.state], description: 'The rules’ current state.' }),
    }),
  });
