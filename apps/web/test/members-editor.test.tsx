import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { MembersEditor } from '../src/schedules/members-editor';
import type { RotationMember } from '../src/schedules/schedule-draft';
import { renderWithTheme } from './render';

const users = [
  { value: 'u-ada', label: 'Ada' },
  { value: 'u-bob', label: 'Bob' },
];

function Editable({ start, onChange }: { start: RotationMember[]; onChange: (m: RotationMember[]) => void }) {
  const [members, setMembers] = useState<RotationMember[]>(start);
  return (
    <MembersEditor
      label="Members of Days"
      members={members}
      users={users}
      onChange={(next) => {
        setMembers(next);
        onChange(next);
      }}
    />
  );
}

async function addMember(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(screen.getByRole('combobox', { name: 'Add a member to members of days' }));
  await user.click(screen.getByRole('option', { name, hidden: true }));
}

describe("a rotation's members", () => {
  it('adds a person to the last shift as a group when asked, and shows the group by its names', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderWithTheme(<Editable start={['u-ada']} onChange={onChange} />);
    await user.click(screen.getByRole('checkbox', { name: /On call together with the last shift \(Ada\)/ }));
    await addMember(user, 'Bob');
    expect(onChange).toHaveBeenLastCalledWith([['u-ada', 'u-bob']]);
    expect(screen.getByText('1. Together: Ada + Bob')).toBeInTheDocument();
    // The same person is not added to a shift twice.
    await addMember(user, 'Ada');
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('adds a shift of its own by default, and a group after a gap is not possible', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderWithTheme(<Editable start={[['u-ada', 'u-bob'], null]} onChange={onChange} />);
    expect(screen.getByRole('checkbox', { name: /On call together with the last shift/ })).toBeDisabled();
    await addMember(user, 'Ada');
    expect(onChange).toHaveBeenLastCalledWith([['u-ada', 'u-bob'], null, 'u-ada']);
  });
});
