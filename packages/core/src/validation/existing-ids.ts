import type { EntityManager, EntityName, FilterQuery } from '@mikro-orm/core';
import { isId } from '../entities/new-id';
import { type FieldErrors, validationFailed } from '../errors/domain-error';

async function missingIds<T extends { id: string }>(
  em: EntityManager,
  entity: EntityName<T>,
  ids: readonly string[],
): Promise<Set<string>> {
  const unique = [...new Set(ids)];
  const wanted = unique.filter(isId);
  const malformed = unique.filter((id) => !isId(id));
  if (wanted.length === 0) return new Set(malformed);
  // TypeScript cannot relate a literal filter to a generic entity; the constraint guarantees `id`.
  const found = await em.find(entity, { id: { $in: wanted } } as unknown as FilterQuery<T>);
  const existing = new Set(found.map((row) => row.id));
  return new Set([...malformed, ...wanted.filter((id) => !existing.has(id))]);
}

/**
 * Checks that every id names an existing record; reports each missing one at its own field path
 * (`userIds.2`) so a client can point at the wrong entry.
 */
export async function assertIdsExist<T extends { id: string }>(
  em: EntityManager,
  entity: EntityName<T>,
  field: string,
  ids: readonly string[],
  label: string,
): Promise<void> {
  const missing = await missingIds(em, entity, ids);
  const errors: FieldErrors = {};
  ids.forEach((id, index) => {
    if (missing.has(id)) errors[`${field}.${index}`] = [`The selected ${label} is invalid.`];
  });
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
}

export async function assertIdExists<T extends { id: string }>(
  em: EntityManager,
  entity: EntityName<T>,
  field: string,
  id: string,
  label: string,
): Promise<void> {
  if ((await missingIds(em, entity, [id])).size > 0) {
    throw validationFailed({ [field]: [`The selected ${label} is invalid.`] });
  }
}
