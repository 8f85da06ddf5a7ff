import { describe, expect, it } from 'vitest';
import { PermanentError, postJson } from '../src';

describe('postJson', () => {
  const ctx = { clock: { now: () => new Date('2025-01-01T00:00:00Z') } };

  it('posts JSON and returns a 2xx response', async () => {
    const seen: RequestInit[] = [];
    const fetch = async (_input: string | URL, init?: RequestInit) => {
      seen.push(init ?? {});
      return new Response('ok', { status: 202 });
    };
    const response = await postJson(
      { ...ctx, fetch },
      'https://hooks.example/x',
      { text: 'hi' },
      { headers: { 'x-a': '1' } },
    );
    expect(response.status).toBe(202);
    expect(seen).toEqual([
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-a': '1' },
        body: '{"text":"hi"}',
        signal: undefined,
      },
    ]);
  });

  it('throws the classified error with the start of the answer as detail', async () => {
    const fetch = async () =>
      new Response(`webhook not found${' '.repeat(10)}${'x'.repeat(1000)}`, { status: 404 });
    const error = await postJson({ ...ctx, fetch }, 'https://hooks.example/x', {}).catch(
      (failure: unknown) => failure,
    );
    expect(error).toBeInstanceOf(PermanentError);
    expect(String(error)).toContain('HTTP 404: webhook not found');
    expect(String(error).length).toBeLessThan(400);
  });

  it('honours Retry-After on 429', async () => {
    const fetch = async () => new Response('slow down', { status: 429, headers: { 'retry-after': '9' } });
    await expect(postJson({ ...ctx, fetch }, 'https://hooks.example/x', {})).rejects.toMatchObject({
      retryAfterMs: 9000,
    });
  });
});
