import { createFileRoute } from '@tanstack/react-router';
import { EndpointsPage } from '../../endpoints/endpoints-page';

/** Endpoints: where alerts go, mine and shared, with pending hand-overs. */
export const Route = createFileRoute('/_app/endpoints')({
  component: EndpointsPage,
});
