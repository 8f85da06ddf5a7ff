import { createFileRoute } from '@tanstack/react-router';
import { NowPage } from '../../now/now-page';

interface NowSearch {
  page?: number;
}

/** Now, the home page: what fires across every rule the user can see. */
export const Route = createFileRoute('/_app/')({
  validateSearch: (search: Record<string, unknown>): NowSearch => {
    const page = Number(search.page);
    return Number.isInteger(page) && page > 1 ? { page } : {};
  },
  component: NowRoute,
});

function NowRoute() {
  const { page } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <NowPage page={page ?? 1} onPage={(next) => navigate({ search: next > 1 ? { page: next } : {} })} />;
}
