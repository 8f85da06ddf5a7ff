/**
 * The text with surrounding space removed, or `undefined` when nothing is left. Vendors send `""`
 * for empty fields (Grafana's `dashboardURL`, Zabbix macros that resolve to nothing), which an
 * alert should treat as absent.
 *
 * @example presentText('  ') // undefined
 * @example presentText(' db-1 ') // 'db-1'
 */
export function presentText(text: string | null | undefined): string | undefined {
  const trimmed = text?.trim();
  return trimmed ? trimmed : undefined;
}

/**
 * The URL when it is an absolute http(s) URL, else `undefined`: links end up as buttons in chat
 * messages, where a `javascript:` or relative link is either refused or dangerous.
 *
 * @example httpUrl('https://grafana.example.com/d/abc') // 'https://grafana.example.com/d/abc'
 * @example httpUrl('javascript:alert(1)') // undefined
 */
export function httpUrl(text: string | null | undefined): string | undefined {
  const candidate = presentText(text);
  if (candidate === undefined || !URL.canParse(candidate)) return undefined;
  const { protocol } = new URL(candidate);
  return protocol === 'http:' || protocol === 'https:' ? candidate : undefined;
}

/**
 * A record without its `undefined` and empty values, for building `details` and `labels` from
 * optional vendor fields.
 *
 * @example compactRecord({ host: 'db-1', action: undefined, url: '' }) // { host: 'db-1' }
 */
export function compactRecord(record: Readonly<Record<string, string | undefined>>): Record<string, string> {
  const compact: Record<string, string> = {};
  for (const [key, value] of Object.entries(record)) {
    const text = presentText(value);
    if (text !== undefined) compact[key] = text;
  }
  return compact;
}
