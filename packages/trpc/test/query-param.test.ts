import { describe, expect, it } from 'vitest';
import { queryParam } from '../src/http/query-param';

describe('queryParam', () => {
  const token = JSON.stringify({ token: 'a.b+c/d=' });

  it('reads a parameter as URLSearchParams does, wherever it is in the query', () => {
    for (const url of [
      `/trpc/live.events?connectionParams=${encodeURIComponent(token)}`,
      `/trpc/live.events?input=%7B%7D&connectionParams=${encodeURIComponent(token)}&x=1`,
      '/p?connectionParams=a+b%20c&connectionParams=second',
      '/p?connectionParams=&input=1',
    ]) {
      const expected = new URLSearchParams(url.slice(url.indexOf('?') + 1)).get('connectionParams');
      expect(queryParam(url, 'connectionParams')).toBe(expected);
    }
  });

  it('answers null for a missing parameter, one whose name only ends with it, or a value that does not decode', () => {
    expect(queryParam('/trpc/live.events', 'connectionParams')).toBeNull();
    expect(queryParam('/p?input=1', 'connectionParams')).toBeNull();
    expect(queryParam('/p?xconnectionParams=1', 'connectionParams')).toBeNull();
    expect(queryParam('/p?connectionParams=%E0%A4%A', 'connectionParams')).toBeNull();
  });
});
