import type { DataSourceProbeTarget } from '@oncall/core';
import type { ProbePlan } from '@oncall/plugin-sdk';

/**
 * The authentication headers a probe sends. An API token wins over a user name and password when a
 * source has both, as it is the narrower credential.
 */
export function credentialHeaders(target: DataSourceProbeTarget, plan: ProbePlan): Record<string, string> {
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
