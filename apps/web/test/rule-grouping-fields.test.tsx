import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { type GroupingDraft, groupingDraftOf } from '../src/rules/rule-grouping';
import { RuleGroupingFields } from '../src/rules/rule-grouping-fields';
import { renderWithTheme } from './render';

function Editable({
  onChange,
  errors = {},
}: {
  onChange: (value: GroupingDraft) => void;
  errors?: Record<string, string>;
}) {
  const [value, setValue] = useState(groupingDraftOf());
  return (
    <RuleGroupingFields
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
      errors={errors}
    />
  );
}

describe("the rule form's Grouping section", () => {
  it('says an empty group interval takes the service default, and what a typed one does', async () => {
    const onChange = vi.fn();
    renderWithTheme(<Editable onChange={onChange} />);
    expect(screen.getByRole('group', { name: 'Grouping' })).toBeVisible();
    const interval = screen.getByRole('textbox', { name: 'Group interval' });
    expect(interval).toHaveAccessibleDescription(/service default \(ALERT_GROUP_INTERVAL_SECONDS/);
    await userEvent.type(interval, '0');
    expect(interval).toHaveAccessibleDescription('0: every instance pages on its own.');
    expect(onChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ groupInterval: { amount: 0, unit: 'minutes' } }),
    );
    await userEvent.clear(interval);
    await userEvent.type(interval, '90');
    await userEvent.click(screen.getByRole('combobox', { name: 'Group interval unit' }));
    await userEvent.click(
      // Both unit lists are in the page; the group interval's comes first.
      screen.getAllByRole('option', { name: 'seconds', hidden: true })[0] as HTMLElement,
    );
    expect(onChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ groupInterval: { amount: 90, unit: 'seconds' } }),
    );
    expect(interval).toHaveAccessibleDescription(/in the next 90 seconds goes as one message/);
  });

  it('takes group-by labels as tags', async () => {
    const onChange = vi.fn();
    renderWithTheme(<Editable onChange={onChange} />);
    await userEvent.type(screen.getByLabelText('Group by labels', { selector: 'input' }), 'job{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ groupBy: ['job'] }));
    expect(screen.getByLabelText('Group by labels', { selector: 'input' })).toHaveAccessibleDescription(
      'Instances with different values of job are grouped apart.',
    );
  });

  it("shows a 422 at its field, a list item's at the list", () => {
    renderWithTheme(
      <Editable
        onChange={() => undefined}
        errors={{
          repeatInterval: 'Too big: expected number to be <=604800',
          'groupBy.0': 'Too big: expected string to have <=128 characters',
        }}
      />,
    );
    expect(screen.getByRole('textbox', { name: 'Repeat interval' })).toHaveAccessibleDescription(/<=604800/);
    expect(screen.getByLabelText('Group by labels', { selector: 'input' })).toHaveAccessibleDescription(
      /<=128 characters/,
    );
  });
});
