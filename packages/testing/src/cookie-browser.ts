/** A browser of one: cookies by name (every server here is 127.0.0.1), redirects followed by hand. */
export class Browser {
  readonly cookies = new Map<string, string>();

  async get(url: string): Promise<Response> {
    const response = await fetch(url, {
      redirect: 'manual',
      headers: { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (attributes.some((a) => /^\s*max-age=0$/i.test(a)) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  /** Follows redirects from `url` until an answer is not one, or `stopAt` says to stop. */
  async follow(
    url: string,
    stopAt: (next: URL) => boolean = () => false,
  ): Promise<{ url: string; response: Response }> {
    let current = url;
    for (let hops = 0; hops < 20; hops++) {
      const response = await this.get(current);
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location) return { url: current, response };
      const next = new URL(location, current);
      if (stopAt(next)) return { url: next.href, response };
      current = next.href;
    }
    throw new Error('too many redirects');
  }
}
