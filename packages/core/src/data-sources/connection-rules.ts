import { cloudMetadataTarget } from '@oncall/net-guard';
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

/**
 * Refuses a url that names a cloud metadata address literally (`http://[fd00:ec2::254]`,
 * `http://100.100.100.200`): data sources may live on private networks, never there. A name that
 * resolves there is refused when the status check or a query connects.
 */
export function assertNoMetadataTarget(url: string): void {
  const address = cloudMetadataTarget(url);
  if (address === undefined) return;
  throw validationFailed({
    url: [`The url may not name a cloud metadata address (${address}): no monitoring system lives there.`],
  });
}
