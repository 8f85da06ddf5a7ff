/**
 * The UI's policy: everything from this server, no inline script, no other origin. Mantine writes
 * its theme variables and responsive rules into `<style>` elements at run time; those carry the
 * page's nonce (read from `<meta property="csp-nonce">`), so styles need no `'unsafe-inline'`.
 * Style attributes React sets go through the CSSOM, which a policy does not govern.
 */
export function uiContentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "script-src-attr 'none'",
    `style-src 'self' 'nonce-${nonce}'`,
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "manifest-src 'self'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "object-src 'none'",
  ].join('; ');
}
