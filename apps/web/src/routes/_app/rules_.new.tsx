import { createFileRoute } from '@tanstack/react-router';
import { RuleEditPage } from '../../rules/rule-edit-page';

/** A new alert rule: its type's form, drawn from what the type's plugin declares. */
export const Route = createFileRoute('/_app/rules_/new')({
  component: () => <RuleEditPage />,
});
