import { z } from 'zod';

/**
 * REST bodies strip unknown fields (legacy clients send extra ones); the tRPC face refuses them.
 * Schemas built from parts (unions of objects) take the choice as a parameter, since `.strict()`
 * exists on a single object only.
 */
export type Strictness = 'strip' | 'strict';

export function objectOf<S extends z.ZodRawShape>(shape: S, strictness: Strictness) {
  return strictness === 'strict' ? z.strictObject(shape) : z.object(shape);
}

/** Legacy forms send `""` or `null` for a field left empty; both mean "not given". */
export function blankAsAbsent<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (value === '' || value === null ? undefined : value), schema.optional());
}
