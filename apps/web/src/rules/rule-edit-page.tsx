import { Alert, Anchor, Center, Loader, Stack, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { notifyDone } from '../forms/notify';
import { trpc, trpcClient } from '../trpc/client';
import type { RouterInputs } from '../trpc/router-types';
import { RuleForm } from './rule-form';
import { RULE_PAGES_KEY } from './use-rule-pages';

// The form builds its body from the type forms the server sent; the server checks it with the
// type's schema, so the static union type adds nothing but a cast here.
type CreateBody = RouterInputs['alertRules']['create'];
type UpdateBody = RouterInputs['alertRules']['update'];

/** A new alert rule (`/rules/new`) or an existing one's edit (`/rules/$ruleId/edit`). */
export function RuleEditPage({ ruleId }: { ruleId?: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const forms = useQuery(trpc.alertRules.typeForms.queryOptions());
  const options = useQuery(trpc.alertRules.createData.options.queryOptions());
  const schedules = useQuery(trpc.schedules.list.queryOptions());
  // Only a hint of the Grouping section: the form does not wait for it.
  const grouping = useQuery(trpc.alertRules.createData.grouping.queryOptions());
  const rule = useQuery({
    ...trpc.alertRules.get.queryOptions({ id: ruleId ?? '' }),
    enabled: ruleId !== undefined,
  });
  const failed = forms.error ?? options.error ?? schedules.error ?? rule.error;
  const ready = forms.data && options.data && schedules.data && (ruleId === undefined || rule.data);

  const saved = async (id: string) => {
    await queryClient.invalidateQueries({ queryKey: RULE_PAGES_KEY });
    await queryClient.invalidateQueries({ queryKey: trpc.alertRules.get.queryKey({ id }) });
    await navigate({ to: '/rules/$ruleId', params: { ruleId: id } });
  };

  return (
    <Stack gap="md">
      <Anchor
        size="sm"
        renderRoot={(props) => (
          <Link to={ruleId ? '/rules/$ruleId' : '/rules'} params={{ ruleId: ruleId ?? '' }} {...props} />
        )}
      >
        {ruleId ? '← Back to the rule' : '← Alert rules'}
      </Anchor>
      <Title order={1} size="h2">
        {ruleId ? `Edit ${rule.data?.name ?? 'alert rule'}` : 'New alert rule'}
      </Title>
      {failed && (
        <Alert color="red" title="Could not load the form">
          {failed.message}
        </Alert>
      )}
      {!failed && !ready && (
        <Center py="xl">
          <Loader aria-label="Loading the form" />
        </Center>
      )}
      {forms.data && options.data && schedules.data && ready && (
        <RuleForm
          forms={forms.data}
          options={options.data}
          schedules={schedules.data}
          defaultGroupInterval={grouping.data?.defaultGroupInterval}
          rule={rule.data}
          onCancel={() =>
            void (ruleId
              ? navigate({ to: '/rules/$ruleId', params: { ruleId } })
              : navigate({ to: '/rules' }))
          }
          onSubmit={async (body) => {
            if (ruleId) {
              const { type: _type, ...changes } = body;
              await trpcClient.alertRules.update.mutate({ ...changes, id: ruleId } as UpdateBody);
              notifyDone('The alert rule is saved.');
              await saved(ruleId);
            } else {
              const created = await trpcClient.alertRules.create.mutate(body as CreateBody);
              notifyDone(`Created ${created.name}.`);
              await saved(created.id);
            }
          }}
        />
      )}
    </Stack>
  );
}
