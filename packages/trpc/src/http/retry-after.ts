import { DomainError } from '@oncall/core';
import type { TRPCError } from '@trpc/server';

/** A rate-limited call answers 429 with `Retry-After`, as the REST face does. */
export function retryAfterHeaders({ errors }: { errors: TRPCError[] }): { headers?: Record<string, string> } {
  for (const { cause } of errors) {
    if (cause instanceof DomainError && cause.retryAfterSeconds) {
      return { headers: { 'Retry-After': String(cause.retryAfterSeconds) } };
    }
  }
  return {};
}
