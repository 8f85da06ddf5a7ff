import { z } from 'zod';
import { tagList } from '../alert-rules/alert-rule-fields';
import { requiredText } from '../common/fields';
import { pageQueryShape } from '../common/page-query';

export const statusGroupBody = z.object({
  name: requiredText('name').describe('Unique among the status groups.'),
  tags: tagList
    .refine((tags) => tags.length > 0, 'The tags field is required.')
    .describe(
      'The tags a rule must all carry to count on the card: at least one, trimmed, duplicates dropped.',
    ),
});

export const statusGroupListQuery = z.object({
  ...pageQueryShape(),
  name: z.string().max(190).optional().describe('Keeps the groups whose name contains it (any case).'),
});

export const statusGroupViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  tags: z.array(z.string()),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});

/** A status group as the status page draws it: how the rules carrying all its tags stand. */
export const statusCardSchema = statusGroupViewSchema.extend({
  state: z
    .enum(['critical', 'warning', 'resolved'])
    .describe('`critical` while any of its rules is, else `warning` while any is, else `resolved`.'),
  criticalCount: z.number().int().describe('Its rules in the critical state.'),
  warningCount: z.number().int().describe('Its rules in the warning state.'),
  alertsTags: z
    .array(z.string())
    .describe("The other tags of its critical rules (not the group's own), by name."),
  updatedAt: z.iso.datetime().describe('The last change to the group or to any of its rules.'),
});
