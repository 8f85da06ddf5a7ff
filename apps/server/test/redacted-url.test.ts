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
    ['/ack/T?page=1', '/ack/[REDACTED]?page=1'],
  ])('redacts the path after the token segment: %s', (url, expected) => {
    expect(redactedUrl(url)).toBe(expected);
  });

  it.each([
    ['?token=T&page=1', '?token=[REDACTED]&page=1'],
    ['?TOKEN=T', '?TOKEN=[REDACTED]'],
    ['?page=1;token=T', '?page=1;token=[REDACTED]'],
    ['?page=1?token=T', '?page=1?token=[REDACTED]'],
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
    ['?page=1;token=T;y=2&perPage=3', '?page=1;token=[REDACTED]&perPage=3'],
  ])('redacts credential parameters: %s', (query, expected) => {
    expect(redactedUrl(`/api/v1/fire-alert${query}`)).toBe(`/api/v1/fire-alert${expected}`);
  });

  it.each([
    // What tRPC's httpSubscriptionLink sends: the access token in the live feed's URL.
    [
      '?input=%7B%7D&connectionParams=%7B%22token%22%3A%22T%22%7D',
      '?input=[REDACTED]&connectionParams=[REDACTED]',
    ],
    ['?auth=T&key=T&jwt=T&sig=T', '?auth=[REDACTED]&key=[REDACTED]&jwt=[REDACTED]&sig=[REDACTED]'],
    ['?code=T&otp=T&refresh=T', '?code=[REDACTED]&otp=[REDACTED]&refresh=[REDACTED]'],
    ['?X-Amz-Signature=T&access_key_id=T', '?X-Amz-Signature=[REDACTED]&access_key_id=[REDACTED]'],
    [
      '?session=T&sid=T&cookie=T&credential=T',
      '?session=[REDACTED]&sid=[REDACTED]&cookie=[REDACTED]&credential=[REDACTED]',
    ],
    ['?anything=T&page=2', '?anything=[REDACTED]&page=2'],
    ['?page[token]=T', '?page[token]=[REDACTED]'],
    ['?pagetoken=T', '?pagetoken=[REDACTED]'],
    ['?T', '?[REDACTED]'],
    ['?page=1&T&perPage=2', '?page=1&[REDACTED]&perPage=2'],
    ['?=T', '?=[REDACTED]'],
  ])('redacts every parameter but the known harmless ones (fails closed): %s', (query, expected) => {
    expect(redactedUrl(`/trpc/live.events${query}`)).toBe(`/trpc/live.events${expected}`);
  });

  it('shows the known harmless parameters, by their name in any spelling', () => {
    for (const url of [
      '/api/v1/alert-rule?PAGE=2&per_page=25&status%5B%5D=critical&status=warning&silentStatus=silent',
      '/api/v1/alert-rule?alertname=disk&userId=u&endpointId=e&types=grafana&tags=db',
      '/api/v1/user?username=bob&name=x',
      '/api/v1/alert-rule/create-data/rules?type=grafana&dataSourceId=d',
      '/api/v1/history?from=2024-01-01%2010:00&to=2024-01-02%2010:00',
      '/api/v1/alert-rule/status?alertRuleIds[]=a&bucketCount=10',
      '/trpc/alerts.list,users.list?batch=1',
      '/trpc/live.events?lastEventId=abc&Last-Event-Id=abc',
      '/graphql?operationName=Me',
    ]) {
      expect(redactedUrl(url)).toBe(url);
    }
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
