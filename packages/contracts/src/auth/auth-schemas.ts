import { z } from 'zod';
import { userViewSchema } from '../users/user-schemas';

export const loginBody = z.object({
  username: z
    .string({ error: 'The username field is required.' })
    .min(1, 'The username field is required.')
    .max(190),
  password: z
    .string({ error: 'The password field is required.' })
    .min(1, 'The password field is required.')
    .max(256),
});

/** The refresh token may come in the body or, as legacy clients send it, as the bearer token. */
export const refreshBody = z.object({ refreshToken: z.string().min(1).max(512).optional() });

export const tokenPairSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  tokenType: z.literal('bearer'),
  expiresIn: z.number().int(),
  refreshExpiresIn: z.number().int(),
  roles: z.array(z.string()),
  user: userViewSchema,
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number().int(),
  refresh_expires_in: z.number().int(),
});
