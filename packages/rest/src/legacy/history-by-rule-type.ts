import { alertHistoryEntrySchema } from '@oncall/contracts';
import type { BatchCounts, HistoryEntry } from '@oncall/core';
import type { LegacyView } from '@oncall/plugin-sdk';
import { z } from 'zod';
import { alertStateOf, legacyAlertRecord, type RuleRef, viewFields } from './legacy-alert-record';

/**
 * A history row on REST: the entry, with its status in lower case, the rule it belongs to and the
 * fields the original web UI reads for the rule's type beside it.
 */
export const legacyHistoryRowSchema = z
  .looseObject({
    ...alertHistoryEntrySchema.shape,
    status: z
      .string()
      .describe(
        "Changed: the row's state in lower case (`critical`, `warning`, `resolved`...), or the source's " +
          "own word where the type's source plugin gives one (`firing`, `resolved`). It was the label now in `statusLabel`.",
      ),
    statusLabel: alertHistoryEntrySchema.shape.status,
    alertRuleId: z.string(),
    alertRuleName: z.string(),
    updatedAt: z.string().describe('As `createdAt`: a history row never changes.'),
  })
  .describe(
    "Each row adds the fields the legacy web UI's history tab reads for the rule's type, made by the " +
      "type's source plugin (`legacyView`) from what was stored of the alert (docs/plugins.md).",
  );

const RESOLUTIONS: ReadonlySet<HistoryEntry['kind']> = new Set(['resolved', 'auto_resolved']);
const ALERT_CHANGES: ReadonlySet<HistoryEntry['kind']> = new Set(['fired', 'refired', 'status', 'triggered']);

/** What made the row, when it was no batch: an alert change counts itself, anything else nothing. */
function batchOf(entry: HistoryEntry): BatchCounts {
  if (entry.batch) return entry.batch;
  if (RESOLUTIONS.has(entry.kind)) return { fired: 0, resolved: 1 };
  return ALERT_CHANGES.has(entry.kind) ? { fired: 1, resolved: 0 } : { fired: 0, resolved: 0 };
}

/**
 * One row of the rule's history as the original web UI's history tab reads it: `status` is the
 * row's state in lower case (`critical`, `resolved`...), as its status chip takes it, and the label
 * it held (`Firing`, `Resolved`...) stays as `statusLabel`; then what the rule type's source plugin
 * adds (its `legacyView`).
 */
export function historyRowForType(rule: RuleRef, entry: HistoryEntry, view: LegacyView | undefined) {
  const state = alertStateOf(RESOLUTIONS.has(entry.kind) ? 'resolved' : (entry.state ?? entry.ruleState));
  const row = {
    ...entry,
    status: (entry.state ?? entry.ruleState) as string,
    statusLabel: entry.status,
    alertRuleId: rule.id,
    alertRuleName: rule.name,
    updatedAt: entry.createdAt,
  };
  const record = { ...legacyAlertRecord(rule, entry, state, entry.createdAt), batch: batchOf(entry) };
  return { ...row, ...viewFields(view && (() => view.historyRow(record))) };
}
