import { randomBytes } from 'node:crypto';

/** The nonce placeholder the web build writes (`html.cspNonce` in apps/web/vite.config.ts). */
export const NONCE_PLACEHOLDER = 'ONCALL_CSP_NONCE';

const BASE_TAG = /<base href="[^"]*"\s*\/?>/;

/**
 * The built `index.html`, made ready once: its `<base>` names the public path (so relative asset
 * URLs and the router's base resolve under a sub-path), and each answer gets a fresh nonce.
 */
export function indexPage(template: string, publicPath: string): () => { html: string; nonce: string } {
  if (!BASE_TAG.test(template)) throw new Error('index.html has no <base href> for the public path');
  const based = template.replace(BASE_TAG, `<base href="${escapeAttribute(`${publicPath}/`)}" />`);
  const parts = based.split(NONCE_PLACEHOLDER);
  return () => {
    const nonce = randomBytes(16).toString('base64');
    return { html: parts.join(nonce), nonce };
  };
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}
