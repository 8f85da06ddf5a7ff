import { isId } from '../entities/new-id';
import { notFound } from '../errors/domain-error';

/**
 * Loads a record by an id taken from a request, or answers 404 — also for text that cannot be an
 * id, which must never reach a uuid column.
 *
 * @example const user = await loadById(id, 'User', (id) => em.findOne(User, { id }));
 */
export async function loadById<R>(
  id: string,
  label: string,
  load: (id: string) => Promise<R | null>,
): Promise<R> {
  if (!isId(id)) throw notFound(label);
  const found = await load(id);
  if (!found) throw notFound(label);
  return found;
}
