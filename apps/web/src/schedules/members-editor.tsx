import { ActionIcon, Checkbox, Group, Input, Paper, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { moved, type RotationMember } from './schedule-draft';

const GAP = '__gap';

/**
 * A rotation's members in hand-off order: add a person or a gap (nobody on call for that shift),
 * or add a person to the last shift so that a group is on call together; move one up or down,
 * remove one. Every button names the member it acts on.
 */
export function MembersEditor({
  label,
  members,
  users,
  error,
  onChange,
}: {
  label: string;
  members: RotationMember[];
  users: { value: string; label: string }[];
  error?: string | undefined;
  onChange: (members: RotationMember[]) => void;
}) {
  const [search, setSearch] = useState('');
  const [together, setTogether] = useState(false);
  const personName = (id: string) => users.find((user) => user.value === id)?.label ?? id;
  const nameOf = (member: RotationMember) => {
    if (member === null) return 'Gap (nobody)';
    if (Array.isArray(member)) return `Together: ${member.map(personName).join(' + ')}`;
    return personName(member);
  };
  const last = members.at(-1);
  // A gap cannot take people, and a person already in the last shift is not added twice.
  const canJoinLast = last !== undefined && last !== null;
  const add = (value: string) => {
    if (value === GAP) return onChange([...members, null]);
    if (!(together && canJoinLast)) return onChange([...members, value]);
    const shift = Array.isArray(last) ? last : [last];
    if (shift.includes(value)) return;
    onChange([...members.slice(0, -1), [...shift, value]]);
  };
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
            if (value) add(value);
          }}
        />
        <Checkbox
          label={`On call together with the last shift (${canJoinLast ? nameOf(last) : 'none yet'})`}
          description="The next person added joins the last shift instead of taking one of their own."
          checked={together && canJoinLast}
          disabled={!canJoinLast}
          onChange={(event) => setTogether(event.currentTarget.checked)}
        />
      </Stack>
    </Input.Wrapper>
  );
}
