/**
 * Nothing can deliver to an sms, call or email destination while no provider config of its kind
 * exists. The work fails visibly and is retried with backoff: an admin may be adding the config.
 */
export function unconfiguredError(providerKind: string, target: string): Error {
  return new Error(`No ${providerKind} provider config to deliver to ${target} with`);
}
