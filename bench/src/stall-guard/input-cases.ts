import type { HostileCase } from './hostile-case';
import type { HostileRequest } from './hostile-request';
import { createMemberRule, fireAlert } from './member-rule';

/** The server's default `BODY_LIMIT_BYTES`. */
const BODY_LIMIT = 1_048_576;

interface InputAttack {
  name: string;
  expect: '4xx' | 'any';
  /** In the reduced run too. */
  reduced: boolean;
  request(ruleToken: string, prometheusToken: string, i: number): HostileRequest;
}

/** A JSON text padded with one field to `bytes` bytes. */
const padded = (fields: string, bytes: number) => {
  const open = `{${fields},"description":"`;
  return `${open}${'d'.repeat(bytes - open.length - 2)}"}`;
};

const attacks: InputAttack[] = [
  {
    name: 'lone surrogate \\ud800 as job on fire-alert',
    expect: '4xx',
    reduced: true,
    request: (token, _, i) =>
      fireAlert(token, `{"instance":"surrogate-${i}","alertname":"x","job":"\\ud800"}`),
  },
  {
    name: 'lone surrogate \\udfff as instance on fire-alert',
    expect: '4xx',
    reduced: false,
    request: (token) => fireAlert(token, '{"instance":"db-\\udfff","alertname":"x"}'),
  },
  {
    name: 'Alertmanager batch: a valid alert beside one with a lone surrogate label',
    expect: 'any',
    reduced: true,
    request: (_, prometheusToken, i) => ({
      method: 'POST',
      path: `/api/v1/prometheus-alert/${prometheusToken}/api/v2/alerts`,
      body: `[{"labels":{"alertname":"StallGuard","instance":"valid-${i}"}},{"labels":{"alertname":"StallGuard","instance":"bad-${i}","job":"\\ud800"}}]`,
    }),
  },
  {
    name: 'NUL in the instance',
    expect: '4xx',
    reduced: true,
    request: (token) => fireAlert(token, '{"instance":"db-\\u0000-1","alertname":"x"}'),
  },
  {
    name: 'JSON nested 100,000 deep',
    expect: '4xx',
    reduced: true,
    request: (token) =>
      fireAlert(token, `{"instance":"deep","x":${'['.repeat(100_000)}${']'.repeat(100_000)}}`),
  },
  {
    name: 'body 1 KiB under the limit: a 1 MB description',
    expect: '4xx',
    reduced: true,
    request: (token, _, i) => fireAlert(token, padded(`"instance":"big-${i}"`, BODY_LIMIT - 1024)),
  },
  {
    name: '60,000 unknown fields (about 600 KB)',
    expect: 'any',
    reduced: false,
    request: (token, _, i) =>
      fireAlert(
        token,
        `{"instance":"wide-${i}",${Array.from({ length: 60_000 }, (_, k) => `"k${k}":1`).join(',')}}`,
      ),
  },
  {
    name: 'body over the limit',
    expect: '4xx',
    reduced: false,
    request: (token) => fireAlert(token, padded('"instance":"too-big"', BODY_LIMIT + 4096)),
  },
  {
    name: 'GraphQL variables nested 100,000 deep',
    expect: '4xx',
    reduced: false,
    request: () => ({
      method: 'POST',
      path: '/graphql',
      body: `{"query":"{ __typename }","variables":{"v":${'['.repeat(100_000)}${']'.repeat(100_000)}}}`,
    }),
  },
];

/** Each input attack once and (full run) 8 at once, at a fresh rule of the member's (or the Prometheus receiver). */
export function inputCases(full: boolean): HostileCase[] {
  const cases: HostileCase[] = [];
  for (const attack of attacks.filter((a) => full || a.reduced)) {
    for (const count of full ? [1, 8] : [1]) {
      cases.push({
        name: `input ${attack.name}${count > 1 ? `, ${count} at once` : ''}`,
        family: 'input',
        expect: attack.expect,
        prepare: async (context) => {
          const rule = await createMemberRule(context, []);
          const requests = Array.from({ length: count }, (_, i) =>
            attack.request(rule.token, context.seeded.prometheusToken, i),
          );
          return {
            send: () => Promise.all(requests.map((request) => context.send(request))),
            cleanup: async () => {
              await context.api.call('DELETE', `/api/v1/alert-rule/${rule.id}`, context.seeded.member.token);
            },
          };
        },
      });
    }
  }
  return cases;
}
