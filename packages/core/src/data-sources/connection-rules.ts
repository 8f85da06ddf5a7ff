import { validationFailed } from '../errors/domain-error';

/**
 * Checks a connection after an update has been merged with what is stored (a kept password counts):
 * basic authentication needs a user name to go with its password.
 */
export function assertConnectionComplete(connection: { username: string | null; password?: string }): void {
  if (connection.password !== undefined && connection.username === null) {
    throw validationFailed({ username: ['The username field is required when a password is set.'] });
  }
}
