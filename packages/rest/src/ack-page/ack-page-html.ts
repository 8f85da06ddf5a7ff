import { createHash } from 'node:crypto';
import type { AckLinkFacts } from '@oncall/core';

const STYLE = [
  'body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f4f5f7;color:#1d2330}',
  'main{max-width:32rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:8px}',
  'h1{font-size:1.3rem;margin:0 0 1rem}',
  'dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem;margin:0 0 1.5rem}',
  'dt{color:#5c6473}dd{margin:0;overflow-wrap:anywhere}',
  'button{font:inherit;font-weight:600;padding:.75rem 1.5rem;border:0;border-radius:6px;background:#c62828;color:#fff;width:100%}',
  'p{color:#5c6473}',
].join('');

/**
 * The page's headers: nothing loads but its own inline style, it posts only to itself, no frame can
 * hold it, no cache or search engine keeps it, and no referrer carries its token away.
 */
export const ACK_PAGE_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': [
    "default-src 'none'",
    `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; '),
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
  'x-robots-tag': 'noindex',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};

export type AckPageContent =
  | { readonly kind: 'confirm'; readonly facts: AckLinkFacts; readonly token: string }
  | { readonly kind: 'acknowledged' | 'already'; readonly facts: AckLinkFacts }
  | {
      readonly kind: 'refused';
      readonly title: string;
      readonly message: string;
      readonly facts?: AckLinkFacts | null;
    };

/** The whole page: one form with one button when there is something to acknowledge, else words. */
export function ackPageHtml(content: AckPageContent): string {
  switch (content.kind) {
    case 'confirm':
      return page(
        `Acknowledge ${content.facts.ruleName}?`,
        [
          details(content.facts),
          '<form method="post">',
          `<input type="hidden" name="token" value="${escapeHtml(content.token)}">`,
          '<button type="submit">Acknowledge</button>',
          '</form>',
          `<p>Acknowledging stops this alert's escalation and tells the rule's endpoints. It is recorded as ${
            content.facts.endpointName ? `the owner of ${escapeHtml(content.facts.endpointName)}` : 'you'
          }.</p>`,
        ].join(''),
      );
    case 'acknowledged':
      return page(
        `Acknowledged ${content.facts.ruleName}`,
        `${details(content.facts)}<p>Acknowledged. The escalation of this alert has stopped.</p>`,
      );
    case 'already':
      return page(
        `${content.facts.ruleName}: already acknowledged`,
        `${details(content.facts)}${alreadyText(content.facts)}`,
      );
    case 'refused':
      return page(
        content.title,
        `${content.facts ? details(content.facts) : ''}<p>${escapeHtml(content.message)}</p>`,
      );
  }
}

function alreadyText(facts: AckLinkFacts): string {
  const by = facts.acknowledgedBy ? ` by ${escapeHtml(facts.acknowledgedBy)}` : '';
  const at = facts.acknowledgedAt ? ` at ${utcTime(facts.acknowledgedAt)}` : '';
  return `<p>This alert was already acknowledged${by}${at}.</p>`;
}

function details(facts: AckLinkFacts): string {
  const rows: [string, string | null][] = [
    ['Rule', facts.ruleName],
    ['Alert', facts.alertname],
    ['Instance', facts.instance],
    ['State', facts.state],
    ['Firing since', facts.firedAt ? utcTime(facts.firedAt) : null],
    ['Paged through', facts.endpointName],
  ];
  const shown = rows
    .filter((row): row is [string, string] => row[1] !== null && row[1] !== '')
    .map(([term, value]) => `<dt>${term}</dt><dd>${escapeHtml(value)}</dd>`);
  return `<dl>${shown.join('')}</dl>`;
}

function page(title: string, body: string): string {
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex">',
    `<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>`,
    `<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`,
  ].join('');
}

/** Rule names, instances and endpoint names come from users and alert sources: all text is escaped. */
function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** ISO 8601 in UTC to the second, as the messages show it. */
function utcTime(at: Date): string {
  return at.toISOString().replace(/\.\d{3}Z$/, 'Z');
}
