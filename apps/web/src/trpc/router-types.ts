import type { AppRouter } from '@oncall/trpc';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';

/** What each procedure answers, from the server's router type (no server code comes with it). */
export type RouterOutputs = inferRouterOutputs<AppRouter>;
export type RouterInputs = inferRouterInputs<AppRouter>;
