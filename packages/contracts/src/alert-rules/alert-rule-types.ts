import type { z } from 'zod';
import type { alertRuleCommonShape } from './alert-rule-bodies';

type Common = z.output<z.ZodObject<typeof alertRuleCommonShape>>;

/** The type-specific fields of a rule as its type's schema returned them, `type` included. */
export type AlertRuleTypeFields = { readonly type: string } & Readonly<Record<string, unknown>>;

/** What the use cases receive once a face has parsed a create body: the common fields, then the type's. */
export type AlertRuleCreateInput = Common & AlertRuleTypeFields;

/** A parsed update body: the common fields it sends, and type-specific fields still to be merged. */
export type AlertRuleUpdateInput = Partial<Common> & {
  readonly type?: string;
} & Readonly<Record<string, unknown>>;
