import * as z from 'zod/mini';

/** What login keeps for a profile: one secret (a JSON document) in the keyring. */
export const storedSessionSchema = z.object({
  apiUrl: z.string(),
  username: z.string(),
  accessToken: z.string(),
  refreshToken: z.string(),
  /** Unix milliseconds; the server decides, this is only shown by `auth status`. */
  refreshExpiresAt: z.optional(z.number()),
});

export type StoredSession = z.infer<typeof storedSessionSchema>;
