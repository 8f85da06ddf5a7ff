/**
 * The nonce the server gave this page load (`<meta property="csp-nonce">`, filled per response):
 * Mantine's run-time `<style>` elements carry it, so the policy needs no `'unsafe-inline'` for styles.
 */
export function styleNonce(): string {
  const meta = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  return meta?.nonce || meta?.getAttribute('nonce') || '';
}
