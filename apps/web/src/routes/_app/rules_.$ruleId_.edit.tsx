import { createFileRoute } from '@tanstack/react-router';
import { RuleEditPage } from '../../rules/rule-edit-page';

/** Edits one alert rule (its type stays). */
export const Route = createFileRoute('/_app/rules_/$ruleId_/edit')({
  component: RuleEditRoute,
});

function RuleEditRoute() {
  const { ruleId } = Route.useParams();
  return <RuleEditPage ruleId={ruleId} />;
}
