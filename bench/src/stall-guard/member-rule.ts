import type { CaseContext } from './hostile-case';

let rules = 0;

/** A fresh `api` rule of the member's, paging `endpointIds`: each case fires at its own. */
export async function createMemberRule(
  context: CaseContext,
  endpointIds: string[],
): Promise<{ id: string; token: string }> {
  rules += 1;
  const rule = await context.api.ok<{ id: string; apiToken: string }>(
    'POST',
    '/api/v1/alert-rule',
    context.seeded.member.token,
    { name: `stall guard member rule ${rules}`, type: 'api', endpointIds },
  );
  return { id: rule.id, token: rule.apiToken };
}

/** `POST /api/v1/fire-alert` with a body written as text (it may hold escapes JSON.stringify would not write). */
export function fireAlert(token: string, body: string) {
  return {
    method: 'POST' as const,
    path: '/api/v1/fire-alert',
    headers: { authorization: `Bearer ${token}` },
    body,
  };
}
