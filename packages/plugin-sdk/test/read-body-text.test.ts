import { describe, expect, it } from 'vitest';
import { discardBody, MAX_ERROR_BODY_BYTES, readBodyText } from '../src';

/** A body that produces chunks for as long as it is read, and notes when it is cancelled. */
function endlessBody(chunk: Uint8Array) {
  const seen = { pulls: 0, cancelled: false };
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      seen.pulls += 1;
      controller.enqueue(chunk);
    },
    cancel() {
      seen.cancelled = true;
    },
  });
  return { response: new Response(body, { status: 500 }), seen };
}

describe('readBodyText', () => {
  it('reads a short body whole', async () => {
    expect(await readBodyText(new Response('webhook not found'), MAX_ERROR_BODY_BYTES)).toBe(
      'webhook not found',
    );
  });

  it('stops at the bound and cancels a body that never ends', async () => {
    const { response, seen } = endlessBody(new TextEncoder().encode('x'.repeat(1000)));
    const text = await readBodyText(response, MAX_ERROR_BODY_BYTES);
    expect(text).toBe('x'.repeat(MAX_ERROR_BODY_BYTES));
    expect(seen.cancelled).toBe(true);
    expect(seen.pulls).toBeLessThan(10);
  });

  it('cuts by bytes, never leaving half a character behind as anything but a replacement', async () => {
    expect(await readBodyText(new Response('ééé'), 3)).toBe('é\uFFFD');
  });

  it('answers an empty string for a response without a body', async () => {
    expect(await readBodyText(new Response(null, { status: 204 }), 10)).toBe('');
  });
});

describe('discardBody', () => {
  it('reads a short answer to its end without cancelling it, so its connection is kept for the next send', async () => {
    let cancelled = false;
    let chunks = ['o', 'k'];
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        const [next, ...rest] = chunks;
        chunks = rest;
        if (next === undefined) controller.close();
        else controller.enqueue(new TextEncoder().encode(next));
      },
      cancel() {
        cancelled = true;
      },
    });
    await discardBody(new Response(body));
    expect({ cancelled, left: chunks.length }).toEqual({ cancelled: false, left: 0 });
  });

  it('cancels a body that stalls instead of waiting for it', async () => {
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      cancel() {
        cancelled = true;
      },
    });
    const started = performance.now();
    await discardBody(new Response(body));
    expect(cancelled).toBe(true);
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('cancels the body of a response nobody reads', async () => {
    const { response, seen } = endlessBody(new Uint8Array(16));
    await discardBody(response);
    expect(seen.cancelled).toBe(true);
  });
});
