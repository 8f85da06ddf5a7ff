import type { AppRouter } from '@oncall/trpc';
import { TRPCClientError } from '@trpc/client';

/** An error the server answered, its `data` typed by the router's error formatter. */
export type ServerError = TRPCClientError<AppRouter>;

/** The server's answer in an error, or null for anything else (the network, a bug). */
export function serverErrorOf(error: unknown): ServerError | null {
  return error instanceof TRPCClientError ? (error as ServerError) : null;
}
