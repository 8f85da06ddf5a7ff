import type { DataSourceProbeTarget } from '@oncall/core';

/**
 * The authentication headers a probe sends, as the plan says. An API token wins over a user name
 * and password when a source has both, as it is the narrower credential.
 */
export function credentialHeaders(
  target: Pick<DataSourceProbeTarget, 'plan' | 'apiToken' | 'username' | 'password'>,
): Record<string, string> {
  const { plan } = target;
  if (target.apiToken && plan.token !== 'none') {
    if (plan.token === 'x-api-key') return { 'x-api-key': target.apiToken };
    const scheme = plan.token === 'api-key' ? 'ApiKey' : 'Bearer';
    return { authorization: `${scheme} ${target.apiToken}` };
  }
  if (target.username && plan.basic) {
    const pair = Buffer.from(`${target.username}:${target.password ?? ''}`).toString('base64');
    return { authorization: `Basic ${pair}` };
  }
  return {};
}
