import { z } from 'zod';

/** The signed token of a message's acknowledge link (`/ack/<token>`), as REST's ack page reads it. */
export const ackLinkInput = z.strictObject({
  token: z
    .string({ error: 'The token field is required.' })
    .min(1, 'The token field is required.')
    .max(2048, 'The token may not be greater than 2048 characters.'),
});
