import { createFileRoute } from '@tanstack/react-router';
import { BehaviorRulesPage } from '../../behavior-rules/behavior-rules-page';

interface BehaviorRulesSearch {
  rule?: string;
}

/** Behavior rules of the alert rule named in the URL (`?rule=<id>`). */
export const Route = createFileRoute('/_app/behavior-rules')({
  validateSearch: (search: Record<string, unknown>): BehaviorRulesSearch =>
    typeof search.rule === 'string' && search.rule !== '' ? { rule: search.rule } : {},
  component: BehaviorRulesRoute,
});

function BehaviorRulesRoute() {
  const { rule } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <BehaviorRulesPage
      alertRuleId={rule}
      onAlertRule={(id) => navigate({ search: id ? { rule: id } : {}, replace: true })}
    />
  );
}
