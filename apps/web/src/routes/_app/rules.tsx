import { createFileRoute } from '@tanstack/react-router';
import { RuleListPage } from '../../rules/rule-list-page';
import { parseRuleListSearch, type RuleListSearch } from '../../rules/rule-list-search';

/** Alert rules: the list, its filters kept in the URL (read through a zod schema). */
export const Route = createFileRoute('/_app/rules')({
  validateSearch: parseRuleListSearch,
  component: RulesRoute,
});

function RulesRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <RuleListPage
      search={search}
      onSearch={(next: RuleListSearch) => navigate({ search: parseRuleListSearch(next), replace: true })}
    />
  );
}
