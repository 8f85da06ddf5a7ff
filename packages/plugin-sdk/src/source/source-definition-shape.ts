import { z } from 'zod';
import type { AnySourceDefinition } from './source';

// Duck-typed rather than `instanceof z.ZodType`: a third-party plugin may bring its own copy of zod.
const zodSchema = z.custom<z.ZodType>(
  (value) => typeof value === 'object' && value !== null && '_zod' in value && 'safeParse' in value,
  'must be a zod v4 schema',
);

// Typed as the member it checks: zod cannot see a function's signature, TypeScript checked it.
const aFunction = <Member>() =>
  z.custom<Member>((value) => typeof value === 'function', 'must be a function');
type Hook<Name extends keyof AnySourceDefinition> = NonNullable<AnySourceDefinition[Name]>;

const sourceDefinitionShape = z
  .looseObject({
    id: z.string().regex(/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/, 'must be lowercase words joined by dashes'),
    displayName: z.string().min(1),
    // Underscores, not dashes: data source types are the contract's identifiers (`victoria_logs`).
    dataSourceType: z.string().regex(/^[a-z][a-z0-9]*(_[a-z0-9]+)*$/, 'must be lowercase words joined by _'),
    capabilities: z.object({ webhook: z.boolean(), resolves: z.boolean() }),
    payloadSchema: zodSchema,
    normalize: aFunction<AnySourceDefinition['normalize']>(),
    fingerprint: aFunction<Hook<'fingerprint'>>().optional(),
    fixtures: z.array(
      z.looseObject({
        name: z.string().min(1),
        payload: z.unknown(),
        expectedStatuses: z.array(z.enum(['firing', 'resolved'])),
      }),
    ),
    evaluate: aFunction<Hook<'evaluate'>>().optional(),
    listRules: aFunction<Hook<'listRules'>>().optional(),
    listLabels: aFunction<Hook<'listLabels'>>().optional(),
    listLabelValues: aFunction<Hook<'listLabelValues'>>().optional(),
  })
  .superRefine((definition, issues) => {
    if (!definition.capabilities.webhook && definition.evaluate === undefined) {
      issues.addIssue({
        code: 'custom',
        path: ['evaluate'],
        message: 'a source without webhooks must evaluate rules itself, or it can never raise an alert',
      });
    }
  });

/**
 * Checks at run time that a value is a source definition (what `defineSource` returns), for
 * modules the host imports by name. Returns a readable reason when it is not.
 *
 * @example
 * const checked = checkSourceDefinition(module.default);
 * if (!checked.ok) throw new Error(checked.reason);
 */
export function checkSourceDefinition(
  value: unknown,
):
  | { readonly ok: true; readonly definition: AnySourceDefinition }
  | { readonly ok: false; readonly reason: string } {
  const parsed = sourceDefinitionShape.safeParse(value);
  if (parsed.success) return { ok: true, definition: parsed.data };
  return { ok: false, reason: z.prettifyError(parsed.error) };
}
