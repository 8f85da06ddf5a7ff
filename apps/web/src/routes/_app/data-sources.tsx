import { createFileRoute } from '@tanstack/react-router';
import { DataSourcesPage } from '../../data-sources/data-sources-page';
import { adminOnly } from '../../settings/admin-route';

/** Data sources: where alerts come from, their status and receiver URLs (owner and manager roles). */
export const Route = createFileRoute('/_app/data-sources')({
  beforeLoad: adminOnly,
  component: DataSourcesPage,
});
