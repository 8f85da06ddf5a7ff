import { createFileRoute } from '@tanstack/react-router';
import { adminOnly } from '../../settings/admin-route';
import { ZonesPage } from '../../zones/zones-page';

/** The agent zones of this main and their state (owner and manager roles). */
export const Route = createFileRoute('/_app/zones')({
  beforeLoad: adminOnly,
  component: ZonesPage,
});
