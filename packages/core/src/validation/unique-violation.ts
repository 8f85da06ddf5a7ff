import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { validationFailed } from '../errors/domain-error';

/** Two concurrent creates can both pass the pre-check; the database's answer becomes the same 422. */
export async function withUniqueField<T>(field: string, message: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException) throw validationFailed({ [field]: [message] });
    throw error;
  }
}
