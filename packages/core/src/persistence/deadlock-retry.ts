import { isDeadlock } from './deadlock';

/** Tries a unit of work gets when it is a deadlock victim each time; a third deadlock in a row is an error. */
const DEADLOCK_ATTEMPTS = 3;

/**
 * Runs `work` (one whole transaction) again when PostgreSQL rolled it back as a deadlock or
 * serialization victim. The transaction was undone whole, so `work` must start from nothing each
 * time: state it builds up belongs inside it, not in the caller.
 */
export async function retryOnDeadlock<T>(work: () => Promise<T>, attempts = DEADLOCK_ATTEMPTS): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (isDeadlock(error) && attempt < attempts) continue;
      throw error;
    }
  }
}
