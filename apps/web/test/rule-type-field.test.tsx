import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RuleTypeField } from '../src/rules/rule-type-field';
import { renderWithTheme } from './render';

describe('a field a rule type declares', () => {
  it('draws an integer as a number box and reports what is typed', async () => {
    const onChange = vi.fn();
    renderWithTheme(
      <RuleTypeField
        field={{ name: 'autoResolveMinutes', kind: 'integer', required: false, min: 1, max: 43200 }}
        value=""
        onChange={onChange}
        error="The auto resolve minutes field is required."
      />,
    );
    const box = screen.getByRole('textbox', { name: 'Auto resolve minutes' });
    expect(box).toHaveAccessibleDescription(/required/);
    await userEvent.type(box, '5');
    expect(onChange).toHaveBeenLastCalledWith(5);
  });

  it('offers the data sources as a pick list and says when a source could not be reached', () => {
    renderWithTheme(
      <RuleTypeField
        field={{ name: 'dataSourceAlertName', kind: 'text', required: true }}
        value=""
        onChange={() => undefined}
        pick={{
          options: [{ value: 'HighLoad', label: 'HighLoad' }],
          problem: 'Could not reach prom-a (timeout)',
        }}
      />,
    );
    expect(screen.getByRole('combobox', { name: /Data source alert name/ })).toBeRequired();
    expect(screen.getByText('Could not reach prom-a (timeout)')).toBeVisible();
  });

  it('draws a list of choices from the declared enum', () => {
    renderWithTheme(
      <RuleTypeField
        field={{
          name: 'conditionType',
          kind: 'choice',
          required: true,
          options: ['greaterOrEqual', 'lessOrEqual'],
        }}
        value="lessOrEqual"
        onChange={() => undefined}
      />,
    );
    expect(screen.getByRole('combobox', { name: /Condition type/ })).toHaveValue('lessOrEqual');
  });
});
