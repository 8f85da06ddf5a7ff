/** The service's REST face as the stall guard uses it to seed: JSON in, JSON out, on loopback. */
export interface ApiAnswer {
  status: number;
  body: unknown;
}

export class ServiceApi {
  constructor(readonly baseUrl: string) {}

  /** Any call; its status and its JSON (or text) body. Bounded: seeding never waits on a stall forever. */
  async call(method: string, path: string, token?: string, body?: unknown): Promise<ApiAnswer> {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(120_000),
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // Not JSON: the text is the body.
    }
    return { status: response.status, body: parsed };
  }

  /** A call that must succeed; its body as `T`, or an error carrying what the server answered. */
  async ok<T>(method: string, path: string, token?: string, body?: unknown): Promise<T> {
    const answer = await this.call(method, path, token, body);
    if (answer.status >= 300) {
      throw new Error(`${method} ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    }
    return answer.body as T;
  }

  async login(username: string, password: string): Promise<string> {
    const answer = await this.ok<{ accessToken: string }>('POST', '/api/v1/auth/login', undefined, {
      username,
      password,
    });
    return answer.accessToken;
  }
}
