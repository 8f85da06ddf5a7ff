import { findInputFault } from '@oncall/contracts';
import { tooManyStreams, unauthenticated, validationFailed } from '@oncall/core';
import { initTRPC } from '@trpc/server';
import type { TrpcContext } from './context';
import { errorFormatter } from './errors/error-formatter';
import { toTRPCError } from './errors/to-trpc-error';

const t = initTRPC.context<TrpcContext>().create({ errorFormatter });

export const router = t.router;

/**
 * Every procedure starts here, so domain and input errors are mapped before anything else sees
 * them. This middleware runs ahead of each `.input()` parser, hence it also catches zod failures.
 */
export const publicProcedure = t.procedure
  .use(async ({ next }) => {
    const result = await next();
    if (!result.ok) throw toTRPCError(result.error);
    return result;
  })
  // Input nested too deep, and text PostgreSQL cannot hold (NUL characters, lone surrogates), are
  // refused before any parser or query walks them.
  .use(async ({ next, getRawInput }) => {
    // A procedure without input may have no body at all; parsers that need one report it themselves.
    const fault = findInputFault(await getRawInput().catch(() => undefined));
    if (fault !== undefined) throw validationFailed({ [fault.path || 'input']: [fault.message] });
    return next();
  });

/** Resolves the actor from the access token; a missing, expired or revoked one is UNAUTHORIZED. */
const authenticated = t.middleware(async ({ ctx, next }) => {
  // On an agent, a call its main forwarded acts as the user the main asserts.
  if (ctx.zoneAssertion && ctx.zones) {
    return next({ ctx: { actor: await ctx.zones.agent.assertedActor(ctx.zoneAssertion) } });
  }
  if (!ctx.accessToken) throw unauthenticated();
  const actor = await ctx.core.auth.authenticate(ctx.accessToken);
  return next({ ctx: { actor } });
});

export const protectedProcedure = publicProcedure.use(authenticated);

/**
 * A live stream's procedure: the stream's slot is reserved by the user the caller's token names
 * before the token is verified or its session read (unless the transport reserved it already), so a
 * caller with no room for another stream is refused (`too_many_streams`) at no cost, and of a burst
 * only as many as have room go on; then as `protectedProcedure`. The resolver hands the slot to the
 * stream; a call that fails gives it back.
 */
export const streamProcedure = publicProcedure
  .use(async ({ ctx, next }) => {
    let slot = ctx.liveSlot;
    const userId = !slot && ctx.accessToken ? ctx.core.auth.claimedUserId(ctx.accessToken) : null;
    if (userId !== null) {
      const reservation = ctx.core.live.reserve(userId);
      if (reservation.refusal !== undefined) throw tooManyStreams(reservation.refusal);
      slot = reservation.slot;
    }
    const result = await next({ ctx: { liveSlot: slot } });
    if (!result.ok) slot?.release();
    return result;
  })
  .use(authenticated);
