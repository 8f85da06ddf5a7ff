/**
 * Where the monitoring system posts its alerts. Without a configured public URL the path alone is
 * given: the client knows the address it reached us on, and a guessed host would be wrong.
 */
export function webhookUrl(publicUrl: string | undefined, type: string, token: string): string {
  const base = (publicUrl ?? '').replace(/\/+$/, '');
  return `${base}/api/v1/${type}-alert/${encodeURIComponent(token)}`;
}
