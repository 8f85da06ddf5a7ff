import { createFileRoute } from '@tanstack/react-router';
import { EndpointListPage } from '../../endpoints/endpoint-list-page';

/** Endpoints: where pages go. */
export const Route = createFileRoute('/_app/endpoints')({
  component: EndpointListPage,
});
