/** Bodies a probe reads are small health documents; anything longer is not one. */
const MAX_BYTES = 64 * 1024;

/** Reads a JSON body of at most 64 KiB; undefined when it is longer or not JSON. */
export async function readBoundedJson(response: Response): Promise<unknown> {
  const body = await readBoundedBody(response, MAX_BYTES);
  if (body === undefined) return undefined;
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
}

/** Reads a body of at most `maxBytes`, cancelling it past that; undefined when it is longer. */
export async function readBoundedBody(response: Response, maxBytes: number): Promise<Buffer | undefined> {
  const reader = response.body?.getReader();
  if (!reader) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}
