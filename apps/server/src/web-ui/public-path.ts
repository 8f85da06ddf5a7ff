/**
 * The path users reach the service under (`PUBLIC_URL`'s path, without its trailing slash): `''` at
 * the root, `/oncall` for `https://example.org/oncall/`.
 */
export function publicPathOf(publicUrl: string | undefined): string {
  if (!publicUrl) return '';
  return new URL(publicUrl).pathname.replace(/\/+$/, '');
}

/**
 * A request URL with the public path taken off, so the service answers the same whether the proxy
 * in front of it strips the path or passes it on; a URL outside the path is left as it is.
 */
export function withoutPublicPath(url: string, publicPath: string): string {
  if (publicPath === '' || !url.startsWith(publicPath)) return url;
  const rest = url.slice(publicPath.length);
  if (rest === '') return '/';
  if (rest.startsWith('/')) return rest;
  if (rest.startsWith('?')) return `/${rest}`;
  return url;
}
