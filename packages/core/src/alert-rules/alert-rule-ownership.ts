import { AlertRule } from '../entities/alert-rule.entity';
import type { OwnershipMover } from '../ownership/ownership-transfer';

/** Rules of a deleted or departing user go to the new owner, with their shares and endpoints as they are. */
export const alertRuleOwnershipMover: OwnershipMover = {
  kind: 'alertRules',
  move: (em, fromUserId, toUserId) => em.nativeUpdate(AlertRule, { owner: fromUserId }, { owner: toUserId }),
};
