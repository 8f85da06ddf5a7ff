import {
  discriminatorError,
  idField,
  type ProviderConfigWrite,
  providerConfigBody,
  providerKindField,
} from '@oncall/contracts';
import type { ProviderConfigForms } from '@oncall/core';
import { z } from 'zod';

/**
 * The REST provider config bodies made strict (see strict-inputs.ts), built from the loaded
 * plugins' forms. Every kind shares the procedures, so the inputs carry `kind` (the REST path
 * segment) as a discriminator.
 */
export function providerConfigInputs(forms: ProviderConfigForms) {
  const kind = providerKindField(forms.kinds.map((kindForms) => kindForms.kind));
  const id = { id: idField('id') };
  const write = <Extra extends z.ZodRawShape>(write: ProviderConfigWrite, extra: Extra) => {
    const [first, ...rest] = forms.kinds.map((kindForms) =>
      providerConfigBody(kindForms, write, {
        extra: { kind: z.literal(kindForms.kind), ...extra },
        strict: true,
      }),
    );
    // Without a provider-backed plugin there is no kind to write, and every one is refused.
    if (first === undefined) return z.strictObject({ kind, ...extra }).pipe(z.never());
    return z.discriminatedUnion('kind', [first, ...rest], { error: discriminatorError('kind') });
  };
  return {
    kind: z.strictObject({ kind }),
    id: z.strictObject({ kind, ...id }),
    /** A test send: `to` is a destination as an endpoint of the kind stores it (a number, an address). */
    test: z.strictObject({
      kind,
      ...id,
      to: z
        .string({ error: 'The to field is required.' })
        .trim()
        .min(1, 'The to field is required.')
        .max(255, 'The to field may not be greater than 255 characters.'),
    }),
    create: write('create', {}),
    update: write('update', id),
  };
}
