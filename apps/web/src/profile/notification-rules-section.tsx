import { Alert, Anchor, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useEndpointTypes } from '../endpoints/endpoint-type-forms';
import { FormDialog } from '../forms/form-dialog';
import { notifyDone, notifyFailure } from '../forms/notify';
import { QueryStates } from '../forms/query-states';
import { trpc } from '../trpc/client';
import { type NotificationRuleDraft, NotificationRuleForm } from './notification-rule-form';
import {
  contactMethodsOf,
  describeRule,
  type RuleRow,
  URGENCIES,
  type Urgency,
} from './notification-rule-lists';
import { UrgencyRuleList } from './urgency-rule-list';

type Editing = { mode: 'create'; urgency: Urgency } | { mode: 'edit'; rule: RuleRow } | null;

/**
 * Profile → How you are paged: the user's notification rules for default and high urgency, which
 * of their own endpoints a page reaches and how many minutes in.
 */
export function NotificationRulesSection({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Editing>(null);
  const rules = useQuery(trpc.profile.notificationRules.list.queryOptions());
  // Every endpoint the user sees but flows, unpaged (a paged list of an owner's, who sees everyone's,
  // could leave some of their own out); a rule names one of the user's own.
  const endpoints = useQuery(trpc.endpoints.flowStepCandidates.queryOptions());
  const types = useEndpointTypes();
  const methods = contactMethodsOf(endpoints.data ?? [], userId, types.labelOf);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.profile.notificationRules.pathKey() });
  const create = useMutation(trpc.profile.notificationRules.create.mutationOptions({ onSuccess: refresh }));
  const update = useMutation(trpc.profile.notificationRules.update.mutationOptions({ onSuccess: refresh }));
  const remove = useMutation(
    trpc.profile.notificationRules.delete.mutationOptions({
      onSuccess: (rule) => notifyDone(`The rule ${describeRule(rule, methods)} was removed.`),
      onError: (error) => notifyFailure('Removing the rule', error),
      onSettled: refresh,
    }),
  );

  const save = async (draft: NotificationRuleDraft) => {
    if (editing?.mode === 'edit') await update.mutateAsync({ id: editing.rule.id, data: draft });
    else await create.mutateAsync(draft);
    notifyDone(`Saved: ${describeRule({ ...draft, id: '' }, methods)}.`);
    setEditing(null);
  };
  const all = rules.data ?? [];
  const loaded = rules.data !== undefined && endpoints.data !== undefined;

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="profile-paging">
      <Stack gap="sm">
        <Title order={2} size="h4" id="profile-paging">
          How you are paged
        </Title>
        <Text size="sm" c="dimmed">
          When a flow pages you (on call in a schedule, by name, or with your team), your rules for the page's
          urgency say which of your own endpoints it reaches, and when. Acknowledging stops the rest.
        </Text>
        <QueryStates query={rules} what="your notification rules" empty={null} />
        <QueryStates query={endpoints} what="your endpoints" empty={null} />
        {loaded && all.length === 0 && (
          <Alert variant="light" title="No rules yet: every endpoint you own is paged at once">
            {methods.length === 0
              ? 'You own no endpoint to page yet. '
              : 'Add rules to page some later, or only some. '}
            {/* In the text's colour, underlined: the link colour on the alert's tint is below 4.5:1. */}
            <Anchor component={Link} to="/endpoints" underline="always" inherit c="inherit">
              Create an endpoint
            </Anchor>{' '}
            (an SMS, a call, an email or a chat) on the Endpoints screen.
          </Alert>
        )}
        {loaded && (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {URGENCIES.map((urgency) => (
              <UrgencyRuleList
                key={urgency}
                urgency={urgency}
                rules={all}
                methods={methods}
                removing={remove.isPending}
                onAdd={() => setEditing({ mode: 'create', urgency })}
                onEdit={(rule) => setEditing({ mode: 'edit', rule })}
                onRemove={(rule) => remove.mutate({ id: rule.id })}
              />
            ))}
          </SimpleGrid>
        )}
      </Stack>
      <FormDialog
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.mode === 'edit' ? 'Edit notification rule' : 'New notification rule'}
      >
        {editing && (
          <NotificationRuleForm
            original={
              editing.mode === 'edit'
                ? editing.rule
                : { urgency: editing.urgency, delayMinutes: 0, endpointId: methods[0]?.id ?? '' }
            }
            methods={methods}
            onSubmit={save}
            onCancel={() => setEditing(null)}
          />
        )}
      </FormDialog>
    </Paper>
  );
}
