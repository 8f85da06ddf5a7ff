import { createRouter } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen';
import { queryClient } from './trpc/client';
import { routerBasePath } from './trpc/server-url';

export const router = createRouter({
  routeTree,
  basepath: routerBasePath(),
  context: { queryClient },
  defaultPreload: 'intent',
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
