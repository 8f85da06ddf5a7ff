import { Button, Group, Menu, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { notifyDone, notifyFailure } from '../forms/notify';
import { trpc } from '../trpc/client';
import { type GroupAction, type GroupScope, groupActionWording } from './group-action-wording';
import { type RuleListSearch, ruleFilterInput } from './rule-list-search';
import { RULE_PAGES_KEY } from './use-rule-pages';

/**
 * Silence, unsilence or delete the rules the user selected, or with no selection every rule the
 * filters match (as the REST group actions do); a dialog names how many rules first.
 */
export function RuleGroupActions({
  search,
  total,
  selection,
  onDone,
}: {
  search: RuleListSearch;
  total: number;
  /** The ticked rules' ids; empty for "what the filters match". */
  selection: readonly string[];
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const [asked, setAsked] = useState<GroupAction | null>(null);
  const phone = useMediaQuery('(max-width: 30em)', undefined, { getInitialValueInEffect: false });
  const done = () => {
    onDone();
    void queryClient.invalidateQueries({ queryKey: RULE_PAGES_KEY });
  };
  const options = { onSuccess: done, onError: (error: unknown) => notifyFailure('The group action', error) };
  const silent = useMutation(trpc.alertRules.group.silent.mutationOptions(options));
  const unsilent = useMutation(trpc.alertRules.group.unsilent.mutationOptions(options));
  const remove = useMutation(trpc.alertRules.group.delete.mutationOptions(options));
  const scope: GroupScope = selection.length > 0 ? 'selection' : 'filters';
  // A selection is acted on as ticked: a rule whose state moved since stays in it.
  const filter: ReturnType<typeof ruleFilterInput> & { ids?: string[] } =
    scope === 'selection' ? { ids: [...selection] } : ruleFilterInput(search);
  const count = scope === 'selection' ? selection.length : total;
  // Group delete takes no silence filter: it would touch rules the list does not show.
  const { silentStatus: _silence, ...withoutSilence } = filter;
  const deleteBlocked = scope === 'filters' && search.silent !== undefined;
  const run = async (action: GroupAction) => {
    if (action === 'silence') await silent.mutateAsync(filter);
    if (action === 'unsilence') await unsilent.mutateAsync(filter);
    if (action === 'delete') await remove.mutateAsync(withoutSilence);
    notifyDone(groupActionWording(action, count, scope).done);
  };
  const wording = asked ? groupActionWording(asked, count, scope) : null;
  return (
    <>
      <Menu position="bottom-end">
        <Menu.Target>
          <Button variant="default" disabled={count === 0}>
            {scope === 'selection'
              ? `Act on ${count} selected`
              : `Act on ${count} ${count === 1 ? 'rule' : 'rules'}`}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => setAsked('silence')}>Silence for me</Menu.Item>
          <Menu.Item onClick={() => setAsked('unsilence')}>Unsilence for me</Menu.Item>
          <Menu.Item color="red" disabled={deleteBlocked} onClick={() => setAsked('delete')}>
            Delete{deleteBlocked ? ' (clear the silence filter first)' : ''}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <Modal
        opened={asked !== null}
        onClose={() => setAsked(null)}
        title={wording?.title ?? ''}
        fullScreen={phone}
        centered
      >
        <Stack>
          <Text size="sm">{wording?.body}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAsked(null)}>
              Cancel
            </Button>
            <Button
              color={asked === 'delete' ? 'red' : undefined}
              loading={silent.isPending || unsilent.isPending || remove.isPending}
              onClick={() => {
                const action = asked;
                setAsked(null);
                if (action) void run(action).catch(() => undefined);
              }}
            >
              {wording?.confirm}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
