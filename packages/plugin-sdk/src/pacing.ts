/**
 * One rate limit of a vendor, declared by the channel so the host paces its sends instead of
 * discovering the limit through `429` answers: at most `count` sends in any `windowMs` among the
 * sends whose `key` is equal. The host waits before a send that would exceed it (a short wait in
 * place, a longer one as a delayed retry of the same attempt with the same idempotency key), so
 * nothing is dropped and nothing is sent twice; a `429` the vendor answers anyway is obeyed
 * (`RateLimitedError` with its `retryAfterMs`) for every send of the same keys.
 *
 * - `per`: what the limit counts, lowercase (`chat`, `bot`, `webhook`, `server`); it names the limit
 *   in the host's logs and keeps the keys of two limits apart.
 * - `count`, `windowMs`: the allowance; `{ count: 1, windowMs: 1_000 }` is one send a second.
 * - `key(config, destination)`: the parsed config and destination of a send → the value its sends
 *   share (a chat id with its bot, a webhook URL, an SMTP host), or `null` when the limit does not
 *   apply to this send (a private chat under a limit of group chats). Keys may hold secrets (a bot
 *   token, a webhook URL): the host keeps them in memory only and never logs or stores them.
 *
 * Pacing holds per host process; several processes sending to one chat each keep to the limit, and
 * the vendor's `429` then paces them together.
 *
 * @example
 * pacing: [
 *   { per: 'chat', count: 1, windowMs: 1_000, key: (_config, { chatId, botToken }) => `${botToken}:${chatId}` },
 *   { per: 'group', count: 20, windowMs: 60_000, key: (_config, d) => (d.chatId.startsWith('-') ? `${d.botToken}:${d.chatId}` : null) },
 *   { per: 'bot', count: 30, windowMs: 1_000, key: (_config, { botToken }) => botToken },
 * ]
 */
export interface ChannelPacingLimit<Config = Record<string, unknown>, Destination = Record<string, unknown>> {
  readonly per: string;
  readonly count: number;
  readonly windowMs: number;
  // Method syntax: its parameters are checked bivariantly, so a definition's typed `key` is also an
  // `AnyChannelDefinition`'s.
  key(config: Config, destination: Destination): string | null;
}
