export { type AppRouter, createAppRouter } from './app-router';
export { refreshCookieSession } from './browser-session/refresh-cookie';
export { createContext, type TrpcContext } from './context';
export { registerTrpc, type TrpcMountOptions } from './http/register-trpc';
export { protectedProcedure, publicProcedure, router } from './trpc';
