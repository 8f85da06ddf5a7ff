import { describe, expect, it } from 'vitest';
import { redactedUrl } from '../src/logging/redacted-url';

/** `T` stands for a token throughout. */
describe('redactedUrl', () => {
  it.each([
    ['/api/v1/grafana-alert/T', '/api/v1/grafana-alert/[REDACTED]'],
    ['/API/V1/Grafana-Alert/T', '/API/V1/Grafana-Alert/[REDACTED]'],
    ['/api/v1/prometheus-alert/T/api/v2/alerts', '/api/v1/prometheus-alert/[REDACTED]'],
    ['/api/v1/grafana-alert//T', '/api/v1/grafana-alert/[REDACTED]'],
    ['/api/v1/grafana-alert%2FT', '/api/v1/[REDACTED]'],
    ['/api/v1/grafana-alert%252FT', '/api/v1/[REDACTED]'],
    ['/api/v1/grafana-alert%5CT', '/api/v1/[REDACTED]'],
    ['/api/v1/grafana-alert\\T', '/api/v1/[REDACTED]'],
    ['/api/v1/grafana-alert;x/T', '/api/v1/[REDACTED]'],
    ['/api/v1/grafana-alert%3Bx/T', '/api/v1/[REDACTED]'],
    ['/api/v1/grafana-alert%20/T', '/api/v1/[REDACTED]'],
    ['/api/v1/grafana-alert%3FT', '/api/v1/[REDACTED]'],
    ['/api/v1/x/..%2Fgrafana-alert/T', '/api/v1/x/[REDACTED]'],
    ['/ack/T', '/ack/[REDACTED]'],
    ['/ACK/T', '/ACK/[REDACTED]'],
    ['/ack;x/T', '/[REDACTED]'],
    ['/ack%3Bx/T', '/[REDACTED]'],
    ['/api/v1/alert-rule/ack;x/T', '/api/v1/alert-rule/[REDACTED]'],
    ['/api/v1/alert-rule/ack/T', '/api/v1/alert-rule/ack/[REDACTED]'],
    ['/ack%2FT', '/[REDACTED]'],
    ['/ack/T?x=1', '/ack/[REDACTED]?x=1'],
  ])('redacts the path after the token segment: %s', (url, expected) => {
    expect(redactedUrl(url)).toBe(expected);
  });

  it.each([
    ['?token=T&x=1', '?token=[REDACTED]&x=1'],
    ['?TOKEN=T', '?TOKEN=[REDACTED]'],
    ['?x=1;token=T', '?x=1;token=[REDACTED]'],
    ['?x=1?token=T', '?x=1?token=[REDACTED]'],
    ['?token[]=T&token[]=T', '?token[]=[REDACTED]&token[]=[REDACTED]'],
    ['?token%5B%5D=T', '?token%5B%5D=[REDACTED]'],
    ['?x[token]=T', '?x[token]=[REDACTED]'],
    ['?token%20=T', '?token%20=[REDACTED]'],
    ['?%20token=T', '?%20token=[REDACTED]'],
    ['?token+=T', '?token+=[REDACTED]'],
    ['?%74oken=T', '?%74oken=[REDACTED]'],
    ['?%2574oken=T', '?%2574oken=[REDACTED]'],
    ['?to%00ken=T', '?to%00ken=[REDACTED]'],
    [
      '?api-token=T&accessToken=T&refresh_token=T',
      '?api-token=[REDACTED]&accessToken=[REDACTED]&refresh_token=[REDACTED]',
    ],
    [
      '?apiKey=T&api_key=T&password=T&client_secret=T',
      '?apiKey=[REDACTED]&api_key=[REDACTED]&password=[REDACTED]&client_secret=[REDACTED]',
    ],
    ['?input=T', '?input=[REDACTED]'],
    [
      '?query=T&variables=T&extensions=T&operationName=Login',
      '?query=[REDACTED]&variables=[REDACTED]&extensions=[REDACTED]&operationName=Login',
    ],
    ['?token=%E0%A4%A', '?token=[REDACTED]'],
    ['?%74oken%ZZ=T', '?%74oken%ZZ=[REDACTED]'],
    ['?token=a;b?c', '?token=[REDACTED]'],
    ['?x=1;token=T;y=2&z=3', '?x=1;token=[REDACTED]&z=3'],
  ])('redacts credential parameters: %s', (query, expected) => {
    expect(redactedUrl(`/api/v1/fire-alert${query}`)).toBe(`/api/v1/fire-alert${expected}`);
  });

  it('leaves what carries no credential as it is', () => {
    for (const url of [
      '/api/v1/alert-rule?page=2&perPage=25&status[]=critical&alertname=disk',
      '/api/v1/alert-rule/acknowledgeL/01890000-0000-7000-8000-000000000000',
      '/api/v1/fire-alert',
      '/api/v1/grafana-alert',
      '/api/v1/grafana-alert/',
      '/api/v1/alert-rule/status?alertRuleIds=a,b&fromTime=0&toTime=100',
      '/trpc/auth.me',
      '/healthz',
      '/?',
      '',
    ]) {
      expect(redactedUrl(url)).toBe(url);
    }
  });
});
