import { createFileRoute } from '@tanstack/react-router';
import { RuleDetailPage } from '../../rules/rule-detail-page';

/** One alert rule: state, actions, timeline, history, deliveries and how to send to it. */
export const Route = createFileRoute('/_app/rules_/$ruleId')({
  component: RuleDetailRoute,
});

function RuleDetailRoute() {
  const { ruleId } = Route.useParams();
  return <RuleDetailPage ruleId={ruleId} />;
}
