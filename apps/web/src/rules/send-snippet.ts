/**
 * How to send to an API rule: `POST /api/v1/fire-alert` (and `resolve-alert`) with the rule's token
 * as the bearer, the server's address as the browser sees it.
 */
export function curlSnippets(apiBase: string, apiToken: string): { fire: string; resolve: string } {
  const call = (path: string, body: string) =>
    [
      `curl -X POST '${apiBase}/${path}' \\`,
      `  -H 'Authorization: Bearer ${apiToken}' \\`,
      `  -H 'Content-Type: application/json' \\`,
      `  -d '${body}'`,
    ].join('\n');
  return {
    fire: call(
      'fire-alert',
      '{"alertname":"disk_full","instance":"db-1","description":"Disk 95% full on db-1"}',
    ),
    resolve: call('resolve-alert', '{"alertname":"disk_full","instance":"db-1"}'),
  };
}
