import {
  Alert,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Modal,
  Select,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { ConfirmButton } from '../forms/confirm-button';
import { notifyDone, notifyFailure } from '../forms/notify';
import { trpc } from '../trpc/client';
import { type BehaviorRuleRow, bodyOf, KIND_LABELS, summaryOf } from './behavior-rule-draft';
import { BehaviorRuleForm } from './behavior-rule-form';

type Dialog = { mode: 'create' } | { mode: 'edit'; rule: BehaviorRuleRow } | null;

/**
 * Behavior rules of one alert rule, chosen on top (kept in the URL): what each does, create, edit
 * and delete.
 */
export function BehaviorRulesPage({
  alertRuleId,
  onAlertRule,
}: {
  alertRuleId: string | undefined;
  onAlertRule: (id: string | undefined) => void;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const rules = useQuery({
    ...trpc.alertRules.list.queryOptions({
      page: 1,
      perPage: 50,
      ...(debounced ? { alertname: debounced } : {}),
    }),
    placeholderData: keepPreviousData,
  });
  const chosen = useQuery({
    ...trpc.alertRules.get.queryOptions({ id: alertRuleId ?? '' }),
    enabled: Boolean(alertRuleId),
  });
  const options = (rules.data?.items ?? []).map((rule) => ({ value: rule.id, label: rule.name }));
  if (chosen.data && !options.some((option) => option.value === chosen.data.id)) {
    options.unshift({ value: chosen.data.id, label: chosen.data.name });
  }

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Behavior rules
      </Title>
      <Text size="sm" c="dimmed" maw={720}>
        Behavior rules change how one alert rule’s alerts are delivered: page more endpoints when labels
        match, write the message from a template, or stay quiet while other rules are down or during a
        maintenance window.
      </Text>
      <Select
        label="Alert rule"
        placeholder="Search an alert rule by name"
        data={options}
        value={alertRuleId ?? null}
        searchable
        searchValue={search}
        onSearchChange={setSearch}
        nothingFoundMessage={rules.isFetching ? 'Searching…' : 'No alert rule has that name.'}
        onChange={(value) => onAlertRule(value ?? undefined)}
        maw={480}
        clearable
      />
      {!alertRuleId && (
        <Alert variant="light" title="Choose an alert rule">
          {rules.data?.total === 0
            ? 'There is no alert rule yet: create one under Alert rules, then give it behavior rules here.'
            : 'Pick the alert rule above whose deliveries you want to shape.'}
        </Alert>
      )}
      {alertRuleId && <RuleBehaviors alertRuleId={alertRuleId} ruleName={chosen.data?.name ?? ''} />}
    </Stack>
  );
}

function RuleBehaviors({ alertRuleId, ruleName }: { alertRuleId: string; ruleName: string }) {
  const queryClient = useQueryClient();
  const phone = useMediaQuery('(max-width: 30em)', undefined, { getInitialValueInEffect: false });
  const [dialog, setDialog] = useState<Dialog>(null);
  const list = useQuery(trpc.behaviorRules.list.queryOptions({ alertRuleId }));
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: trpc.behaviorRules.list.queryKey({ alertRuleId }) });
  const create = useMutation(trpc.behaviorRules.create.mutationOptions({ onSuccess: refresh }));
  const update = useMutation(trpc.behaviorRules.update.mutationOptions({ onSuccess: refresh }));
  const remove = useMutation(
    trpc.behaviorRules.delete.mutationOptions({
      onSuccess: () => notifyDone('The behavior rule was deleted.'),
      onError: (error) => notifyFailure('Delete', error),
      onSettled: refresh,
    }),
  );
  const title = (rule: BehaviorRuleRow) => rule.name || KIND_LABELS[rule.type];

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={2} size="h3">
          {ruleName ? (
            <Link to="/rules/$ruleId" params={{ ruleId: alertRuleId }}>
              {ruleName}
            </Link>
          ) : (
            'This rule'
          )}
        </Title>
        <Button onClick={() => setDialog({ mode: 'create' })}>New behavior rule</Button>
      </Group>
      {list.isPending && (
        <Center py="md">
          <Loader aria-label="Loading behavior rules" />
        </Center>
      )}
      {list.isError && (
        <Alert color="red" title="Could not load the behavior rules">
          {list.error.message}
        </Alert>
      )}
      {list.data?.rules.length === 0 && (
        <Alert variant="light" title="No behavior rule">
          Every alert of this rule pages its own endpoints with the default message. Add one with New behavior
          rule.
        </Alert>
      )}
      {list.data?.rules.map((rule) => (
        <Card key={rule.id} withBorder padding="sm" component="article" aria-label={title(rule)}>
          <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
            <Stack gap={4} style={{ flex: 1, minWidth: 200 }}>
              <Group gap="xs">
                <Text fw={600}>{title(rule)}</Text>
                <Badge miw="max-content" variant="light">
                  {rule.type}
                </Badge>
              </Group>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {summaryOf(rule)}
              </Text>
            </Stack>
            <Group gap={6}>
              <Button
                size="xs"
                variant="default"
                aria-label={`Edit ${title(rule)}`}
                onClick={() => setDialog({ mode: 'edit', rule })}
              >
                Edit
              </Button>
              <ConfirmButton
                label="Delete"
                aria-label={`Delete ${title(rule)}`}
                title={`Delete ${title(rule)}?`}
                confirmLabel="Delete behavior rule"
                loading={remove.isPending}
                onConfirm={() => remove.mutate({ alertRuleId, ruleId: rule.id })}
              >
                Alerts of this rule are delivered without it from now on.
              </ConfirmButton>
            </Group>
          </Group>
        </Card>
      ))}
      <Modal
        opened={dialog !== null}
        onClose={() => setDialog(null)}
        fullScreen={phone}
        size="lg"
        title={dialog?.mode === 'edit' ? `Edit ${title(dialog.rule)}` : 'New behavior rule'}
      >
        {dialog && (
          <BehaviorRuleForm
            alertRuleId={alertRuleId}
            original={dialog.mode === 'edit' ? dialog.rule : null}
            onCancel={() => setDialog(null)}
            onSubmit={async (draft) => {
              const body = bodyOf(draft);
              if (dialog.mode === 'edit')
                await update.mutateAsync({ ...body, alertRuleId, ruleId: dialog.rule.id });
              else await create.mutateAsync({ ...body, alertRuleId });
              notifyDone('The behavior rule was saved.');
              setDialog(null);
            }}
          />
        )}
      </Modal>
    </Stack>
  );
}
