import { Button, Group, Menu, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { notifyDone, notifyFailure } from '../forms/notify';
import { trpc } from '../trpc/client';
import { type GroupAction, groupActionWording } from './group-action-wording';
import { type RuleListSearch, ruleFilterInput } from './rule-list-search';
import { RULE_PAGES_KEY } from './use-rule-pages';

/**
 * Silence, unsilence or delete every rule the filters match (the group router acts on filters,
 * as the REST group actions do); a dialog names how many rules first.
 */
export function RuleGroupActions({ search, total }: { search: RuleListSearch; total: number }) {
  const queryClient = useQueryClient();
  const [asked, setAsked] = useState<GroupAction | null>(null);
  const phone = useMediaQuery('(max-width: 30em)', undefined, { getInitialValueInEffect: false });
  const done = () => void queryClient.invalidateQueries({ queryKey: RULE_PAGES_KEY });
  const options = { onSuccess: done, onError: (error: unknown) => notifyFailure('The group action', error) };
  const silent = useMutation(trpc.alertRules.group.silent.mutationOptions(options));
  const unsilent = useMutation(trpc.alertRules.group.unsilent.mutationOptions(options));
  const remove = useMutation(trpc.alertRules.group.delete.mutationOptions(options));
  const filter = ruleFilterInput(search);
  // Group delete takes no silence filter: it would touch rules the list does not show.
  const { silentStatus: _silence, ...withoutSilence } = filter;
  const run = async (action: GroupAction) => {
    if (action === 'silence') await silent.mutateAsync(filter);
    if (action === 'unsilence') await unsilent.mutateAsync(filter);
    if (action === 'delete') await remove.mutateAsync(withoutSilence);
    notifyDone(groupActionWording(action, total).done);
  };
  const wording = asked ? groupActionWording(asked, total) : null;
  return (
    <>
      <Menu position="bottom-end">
        <Menu.Target>
          <Button variant="default" disabled={total === 0}>
            Act on {total} {total === 1 ? 'rule' : 'rules'}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => setAsked('silence')}>Silence for me</Menu.Item>
          <Menu.Item onClick={() => setAsked('unsilence')}>Unsilence for me</Menu.Item>
          <Menu.Item color="red" disabled={search.silent !== undefined} onClick={() => setAsked('delete')}>
            Delete{search.silent !== undefined ? ' (clear the silence filter first)' : ''}
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
