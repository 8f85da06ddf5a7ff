import { ActionIcon, Group, Input, Paper, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { moved } from './schedule-draft';

const GAP = '__gap';

/**
 * A rotation's members in hand-off order: add a person or a gap (nobody on call for that shift),
 * move one up or down, remove one. Every button names the member it acts on.
 */
export function MembersEditor({
  label,
  members,
  users,
  error,
  onChange,
}: {
  label: string;
  members: (string | null)[];
  users: { value: string; label: string }[];
  error?: string | undefined;
  onChange: (members: (string | null)[]) => void;
}) {
  const [search, setSearch] = useState('');
  const nameOf = (member: string | null) =>
    member === null ? 'Gap (nobody)' : (users.find((user) => user.value === member)?.label ?? member);
  return (
    <Input.Wrapper label={label} error={error} description="Hand-off order: the first is on call first.">
      <Stack gap={4} mt={4}>
        {members.length === 0 && (
          <Text size="sm" c="dimmed">
            No members yet: add the first below.
          </Text>
        )}
        {members.map((member, index) => {
          const name = `${nameOf(member)}, position ${index + 1}`;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: a person may appear twice; the place is the identity
            <Paper key={index} withBorder px="xs" py={2}>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text size="sm" truncate>
                  {index + 1}. {nameOf(member)}
                </Text>
                {/* 24 px buttons: WCAG 2.2's smallest target; 22 px ones were flagged beside each other. */}
                <Group gap={4} wrap="nowrap">
                  <ActionIcon
                    variant="default"
                    size={24}
                    aria-label={`Move ${name} up`}
                    disabled={index === 0}
                    onClick={() => onChange(moved(members, index, -1))}
                  >
                    ↑
                  </ActionIcon>
                  <ActionIcon
                    variant="default"
                    size={24}
                    aria-label={`Move ${name} down`}
                    disabled={index === members.length - 1}
                    onClick={() => onChange(moved(members, index, 1))}
                  >
                    ↓
                  </ActionIcon>
                  <ActionIcon
                    variant="default"
                    size={24}
                    aria-label={`Remove ${name}`}
                    onClick={() => onChange(members.filter((_, at) => at !== index))}
                  >
                    ×
                  </ActionIcon>
                </Group>
              </Group>
            </Paper>
          );
        })}
        <Select
          aria-label={`Add a member to ${label.toLowerCase()}`}
          placeholder="Add a member…"
          data={[...users, { value: GAP, label: 'A gap (nobody on call)' }]}
          value={null}
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          onChange={(value) => {
            setSearch('');
            if (value) onChange([...members, value === GAP ? null : value]);
          }}
        />
      </Stack>
    </Input.Wrapper>
  );
}
