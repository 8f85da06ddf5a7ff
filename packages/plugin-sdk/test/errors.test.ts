import { describe, expect, it } from 'vitest';
import {
  ChannelError,
  PermanentError,
  RateLimitedError,
  TransientError,
  toChannelError,
  vendorFetch,
} from '../src';

describe('channel errors', () => {
  it('carry a stable kind and name', () => {
    expect(new TransientError('x')).toMatchObject({ kind: 'transient', name: 'TransientError' });
    expect(new PermanentError('x')).toMatchObject({ kind: 'permanent', name: 'PermanentError' });
    expect(new RateLimitedError(1500)).toMatchObject({ kind: 'rate_limited', retryAfterMs: 1500 });
    expect(new RateLimitedError(1500)).toBeInstanceOf(ChannelError);
  });
});

describe('toChannelError', () => {
  it('returns a ChannelError unchanged', () => {
    const error = new PermanentError('bad token');
    expect(toChannelError(error)).toBe(error);
  });

  it('rebuilds errors from another copy of the SDK by their kind', () => {
    const foreign = Object.assign(new Error('slow down'), { kind: 'rate_limited', retryAfterMs: 4000 });
    const error = toChannelError(foreign);
    expect(error).toBeInstanceOf(RateLimitedError);
    expect(error).toMatchObject({ retryAfterMs: 4000, message: 'slow down', cause: foreign });
    expect(toChannelError(Object.assign(new Error('no'), { kind: 'permanent' }))).toBeInstanceOf(
      PermanentError,
    );
  });

  it('treats anything else as transient, keeping the cause', () => {
    const cause = new TypeError('fetch failed');
    expect(toChannelError(cause)).toMatchObject({ kind: 'transient', message: 'fetch failed', cause });
    expect(toChannelError('boom')).toBeInstanceOf(TransientError);
  });
});

describe('vendorFetch', () => {
  it('reports an unreachable vendor as TransientError', async () => {
    const refused = async () => {
      throw new TypeError('fetch failed', {
        cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
      });
    };
    await expect(vendorFetch(refused, 'http://127.0.0.1:9/')).rejects.toBeInstanceOf(TransientError);
  });

  it("keeps the host's own refusal permanent", async () => {
    const guarded = async () => {
      throw new PermanentError('Refused to connect to 10.0.0.1');
    };
    await expect(vendorFetch(guarded, 'http://10.0.0.1/')).rejects.toBeInstanceOf(PermanentError);
  });

  it('returns the response of a reachable vendor, whatever its status', async () => {
    const answered = async () => new Response('nope', { status: 503 });
    const response = await vendorFetch(answered, 'http://vendor.test/');
    expect(response.status).toBe(503);
  });
});
