import { createFileRoute } from '@tanstack/react-router';
import { DebugTimelinePage } from '../../status/debug-timeline-page';

/** Status timelines of several chosen rules, for debugging. */
export const Route = createFileRoute('/_app/timeline')({
  component: DebugTimelinePage,
});
