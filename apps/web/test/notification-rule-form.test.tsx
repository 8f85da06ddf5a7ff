import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { NotificationRuleForm } from '../src/profile/notification-rule-form';
import type { ContactMethod, RuleRow } from '../src/profile/notification-rule-lists';
import { UrgencyRuleList } from '../src/profile/urgency-rule-list';
import { renderWithTheme } from './render';
import { validationError } from './server-error';

const methods: ContactMethod[] = [
  { id: 'chat', name: 'my chat', type: 'telegram', userId: 'me', typeLabel: 'Telegram' },
  { id: 'sms', name: 'phone', type: 'sms', userId: 'me', typeLabel: 'SMS' },
];

describe('the notification rule form', () => {
  it('sends the urgency, the endpoint picked and the delay typed', async () => {
    const onSubmit = vi.fn(async () => undefined);
    renderWithTheme(
      <NotificationRuleForm
        original={{ urgency: 'default', delayMinutes: 0, endpointId: 'chat' }}
        methods={methods}
        onSubmit={onSubmit}
        onCancel={() => undefined}
      />,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: /^Endpoint/ }));
    await user.click(screen.getByRole('option', { name: "SMS 'phone'", hidden: true }));
    await user.click(screen.getByRole('combobox', { name: 'Urgency' }));
    await user.click(screen.getByRole('option', { name: 'High urgency', hidden: true }));
    const delay = screen.getByRole('textbox', { name: /^Delay in minutes/ });
    await user.clear(delay);
    await user.type(delay, '2');
    await user.click(screen.getByRole('button', { name: 'Save rule' }));
    expect(onSubmit).toHaveBeenCalledWith({ urgency: 'high', endpointId: 'sms', delayMinutes: 2 });
  });

  it('shows a 422 at its field, an edit’s under data as an add’s at the top', async () => {
    const onSubmit = vi
      .fn()
      .mockRejectedValueOnce(
        validationError({ 'data.delayMinutes': ['The delay may be at most 1440 minutes.'] }),
      )
      .mockRejectedValueOnce(validationError({ endpointId: ['This rule already exists.'] }));
    renderWithTheme(
      <NotificationRuleForm
        original={{ urgency: 'default', delayMinutes: 5, endpointId: 'sms' }}
        methods={methods}
        onSubmit={onSubmit}
        onCancel={() => undefined}
      />,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Save rule' }));
    expect(await screen.findByText('The delay may be at most 1440 minutes.')).toBeVisible();
    expect(screen.getByRole('textbox', { name: /^Delay in minutes/ })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await user.click(screen.getByRole('button', { name: 'Save rule' }));
    expect(await screen.findByText('This rule already exists.')).toBeVisible();
    expect(screen.getByRole('combobox', { name: /^Endpoint/ })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('sends a cleared delay as it is, for the server to name the field', async () => {
    const onSubmit = vi.fn(async () => undefined);
    renderWithTheme(
      <NotificationRuleForm
        original={{ urgency: 'default', delayMinutes: 5, endpointId: 'sms' }}
        methods={methods}
        onSubmit={onSubmit}
        onCancel={() => undefined}
      />,
    );
    const user = userEvent.setup();
    await user.clear(screen.getByRole('textbox', { name: /^Delay in minutes/ }));
    await user.click(screen.getByRole('button', { name: 'Save rule' }));
    expect(onSubmit).toHaveBeenCalledWith({
      urgency: 'default',
      endpointId: 'sms',
      delayMinutes: Number.NaN,
    });
  });
});

describe('one urgency’s rule list', () => {
  const rules: RuleRow[] = [
    { id: 'r2', urgency: 'default', delayMinutes: 2, endpointId: 'sms' },
    { id: 'r1', urgency: 'default', delayMinutes: 0, endpointId: 'chat' },
    { id: 'r3', urgency: 'high', delayMinutes: 0, endpointId: 'sms' },
  ];

  it('lists the rules in paging order and removes one only once confirmed', async () => {
    const onRemove = vi.fn();
    const onEdit = vi.fn();
    renderWithTheme(
      <UrgencyRuleList
        urgency="default"
        rules={rules}
        methods={methods}
        removing={false}
        onAdd={() => undefined}
        onEdit={onEdit}
        onRemove={onRemove}
      />,
    );
    const list = screen.getByRole('list', { name: 'Default urgency rules' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(["at once: Telegram 'my chat'EditRemove", "after 2 min: SMS 'phone'EditRemove"]);
    const user = userEvent.setup();
    await user.click(
      screen.getByRole('button', { name: "Edit default-urgency rule after 2 min: SMS 'phone'" }),
    );
    expect(onEdit).toHaveBeenCalledWith(rules[0]);
    await user.click(
      screen.getByRole('button', { name: "Remove default-urgency rule at once: Telegram 'my chat'" }),
    );
    expect(onRemove).not.toHaveBeenCalled();
    expect(
      await screen.findByText("Default urgency pages no longer reach Telegram 'my chat' at once."),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove rule' }));
    expect(onRemove).toHaveBeenCalledWith(rules[1]);
  });

  it('says what a page does with no rules of its urgency', () => {
    renderWithTheme(
      <UrgencyRuleList
        urgency="high"
        rules={rules.filter((rule) => rule.urgency === 'default')}
        methods={methods}
        removing={false}
        onAdd={() => undefined}
        onEdit={() => undefined}
        onRemove={() => undefined}
      />,
    );
    expect(
      screen.getByText('No high-urgency rules: a high-urgency page runs your default-urgency rules.'),
    ).toBeVisible();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add a high-urgency rule' })).toBeVisible();
  });
});
