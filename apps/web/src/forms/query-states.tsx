import { Alert, Center, Loader } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * What a list says before and instead of its items: a spinner while loading, the server's reason
 * when it failed, and an empty state that says what to do next.
 */
export function QueryStates({
  query,
  what,
  empty,
}: {
  query: { isPending: boolean; isError: boolean; error: { message: string } | null };
  /** "the users": named in the spinner and in the failure. */
  what: string;
  /** Shown when the list loaded and has nothing; `null` while it has items. */
  empty: { title: string; body: ReactNode } | null;
}) {
  if (query.isPending) {
    return (
      <Center py="md">
        {/* A status: an aria-label on the spinner's bare span is prohibited (axe), as on Now. */}
        <Loader role="status" aria-label={`Loading ${what}`} />
      </Center>
    );
  }
  if (query.isError) {
    return (
      <Alert color="red" title={`Could not load ${what}`}>
        {query.error?.message}
      </Alert>
    );
  }
  if (!empty) return null;
  return (
    <Alert variant="light" title={empty.title}>
      {empty.body}
    </Alert>
  );
}
