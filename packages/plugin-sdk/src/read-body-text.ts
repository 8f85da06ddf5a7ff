/**
 * How much of a vendor's error answer is worth reading: enough for the message and an error code,
 * never a whole page (or an endless stream from a hostile webhook target).
 */
export const MAX_ERROR_BODY_BYTES = 4 * 1024;

/**
 * Reads at most `maxBytes` of a response body as UTF-8 text, then cancels the rest, so an endless
 * or huge body costs neither memory nor time. A read that fails (reset, abort) rejects as fetch's
 * `text()` would.
 *
 * @example const detail = await readBodyText(response, MAX_ERROR_BODY_BYTES);
 */
export async function readBodyText(response: Response, maxBytes: number): Promise<string> {
  const reader = response.body?.getReader();
  if (reader === undefined) return '';
  const decoder = new TextDecoder();
  let text = '';
  let room = maxBytes;
  while (room > 0) {
    const { done, value } = await reader.read();
    if (done) return text + decoder.decode();
    const part = value.byteLength > room ? value.subarray(0, room) : value;
    room -= part.byteLength;
    text += decoder.decode(part, { stream: true });
  }
  // Cancelling closes the connection instead of leaving the sender streaming into a full buffer.
  await reader.cancel().catch(() => undefined);
  return text + decoder.decode();
}

/** How long a body nobody reads may take to end before it is cancelled. */
const DISCARD_WAIT_MS = 1_000;

/**
 * Lets go of a body nobody will read. A short answer ("ok") is read to its end, so the connection
 * goes back to its pool and the next send to the vendor reuses it (cancelling a body that has not
 * ended closes the connection: every message would open, and for a vendor handshake, a new one).
 * A body longer than `MAX_ERROR_BODY_BYTES`, or not ended within a second, is cancelled, so a
 * streaming or stalling sender holds nothing.
 */
export async function discardBody(response: Response): Promise<void> {
  const reader = response.body?.getReader();
  if (reader === undefined) return;
  let timer: NodeJS.Timeout | undefined;
  const stalled = new Promise<'stalled'>((resolve) => {
    timer = setTimeout(() => resolve('stalled'), DISCARD_WAIT_MS);
  });
  try {
    let room = MAX_ERROR_BODY_BYTES;
    while (room > 0) {
      const read = await Promise.race([reader.read(), stalled]);
      if (read === 'stalled') break;
      if (read.done) return;
      room -= read.value.byteLength;
    }
    await reader.cancel().catch(() => undefined);
  } catch {
    // A body that failed (reset, abort) holds nothing either.
  } finally {
    clearTimeout(timer);
  }
}
