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

/** Lets go of a body nobody will read, so the connection does not stay held by a streaming sender. */
export async function discardBody(response: Response): Promise<void> {
  await response.body?.cancel().catch(() => undefined);
}
