import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { emptyDraft } from '../src/endpoints/endpoint-draft';
import { EndpointForm, type EndpointFormProps } from '../src/endpoints/endpoint-form';
import { draftSteps } from '../src/endpoints/flow-steps';
import { ENDPOINT_TYPE_FORMS } from './endpoint-type-forms';
import { renderWithTheme } from './render';
import { validationError } from './server-error';

/** A Mantine select's input by its label. */
const picker = (name: string) => screen.getByRole('combobox', { name });

function props(overrides: Partial<EndpointFormProps> = {}): EndpointFormProps {
  return {
    original: null,
    types: ENDPOINT_TYPE_FORMS,
    candidates: [
      { id: 'e-sms', name: 'Pager', type: 'sms' },
      { id: 'e-mail', name: 'Mailbox', type: 'email' },
    ],
    people: {
      schedules: [{ value: 's-primary', label: 'Primary' }],
      users: [{ value: 'u-bob', label: 'Bob (bob)' }],
      teams: [{ value: 't-db', label: 'Database' }],
    },
    users: [],
    teams: [],
    onSendCode: vi.fn().mockResolvedValue({ status: true }),
    onSubmit: vi.fn().mockResolvedValue({}),
    onCancel: vi.fn(),
    ...overrides,
  };
}

describe('EndpointForm', () => {
  it('creates an SMS endpoint through the code: send it, enter it, save', async () => {
    const user = userEvent.setup();
    const given = props();
    renderWithTheme(<EndpointForm {...given} />);
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'My phone');
    await user.type(screen.getByRole('textbox', { name: 'Phone number' }), '+15550100');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(given.onSendCode).toHaveBeenCalledWith({ type: 'sms', value: '+15550100' });
    expect(await screen.findByText(/A code was sent by SMS to \+15550100/)).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Code' }), '123456');
    await user.click(screen.getByRole('button', { name: 'Create endpoint' }));
    expect(given.onSubmit).toHaveBeenCalledWith({
      type: 'sms',
      name: 'My phone',
      value: '+15550100',
      otpCode: '123456',
      accessUserIds: [],
      accessTeamIds: [],
    });
  });

  it('shows a refused code and a refused number at their fields, keeping what was typed', async () => {
    const user = userEvent.setup();
    const given = props({
      onSendCode: vi
        .fn()
        .mockRejectedValue(validationError({ value: ['The value must be a phone number.'] })),
      onSubmit: vi.fn().mockRejectedValue(validationError({ otpCode: ['The code is wrong.'] })),
    });
    renderWithTheme(<EndpointForm {...given} />);
    await user.type(screen.getByRole('textbox', { name: 'Phone number' }), '12');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('The value must be a phone number.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Phone number' })).toHaveAttribute('aria-invalid', 'true');
    await user.type(screen.getByRole('textbox', { name: 'Code' }), '000000');
    await user.click(screen.getByRole('button', { name: 'Create endpoint' }));
    expect(await screen.findByText('The code is wrong.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Code' })).toHaveValue('000000');
  });

  it('edits an SMS endpoint’s name without a new code', async () => {
    const user = userEvent.setup();
    const original = { ...emptyDraft('sms'), name: 'Pager', fields: { value: '+15550100' } };
    const given = props({ original });
    renderWithTheme(<EndpointForm {...given} />);
    expect(screen.queryByRole('button', { name: 'Send code' })).not.toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Name' }), ' 2');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(given.onSubmit).toHaveBeenCalledWith(expect.not.objectContaining({ otpCode: expect.anything() }));
    await user.type(screen.getByRole('textbox', { name: 'Phone number' }), '9');
    expect(screen.getByRole('button', { name: 'Send code' })).toBeEnabled();
  });

  it('draws a plugin type’s fields, keeps a stored secret left blank, and shows a 422 at its field', async () => {
    const user = userEvent.setup();
    const given = props({
      original: {
        ...emptyDraft('pager-hook'),
        name: 'Pager',
        fields: { serverUrl: 'https://pager.example.com', priority: '' },
      },
      onSubmit: vi.fn().mockRejectedValue(
        validationError({
          accessToken: ['The access token must be sent again when the server url changes.'],
        }),
      ),
    });
    renderWithTheme(<EndpointForm {...given} />);
    expect(screen.getByRole('textbox', { name: 'Server URL' })).toHaveValue('https://pager.example.com');
    expect(screen.getByLabelText('Access token')).toHaveValue('');
    expect(screen.getByText('Leave blank to keep the stored access token.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send code' })).not.toBeInTheDocument();
    await user.clear(screen.getByRole('textbox', { name: 'Server URL' }));
    await user.type(screen.getByRole('textbox', { name: 'Server URL' }), 'https://other.example.com');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(given.onSubmit).toHaveBeenCalledWith({
      type: 'pager-hook',
      name: 'Pager',
      serverUrl: 'https://other.example.com',
      accessUserIds: [],
      accessTeamIds: [],
    });
    expect(
      await screen.findByText('The access token must be sent again when the server url changes.'),
    ).toBeInTheDocument();
  });

  it('shows a message at a field it does not draw above the form', async () => {
    const user = userEvent.setup();
    const given = props({
      onSubmit: vi.fn().mockRejectedValue(validationError({ 'headers.0': ['The header must be a name.'] })),
    });
    renderWithTheme(<EndpointForm {...given} original={{ ...emptyDraft('pager-hook'), name: 'Pager' }} />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The header must be a name.');
  });

  it('offers every type the server answers, a telegram chat with its thread and token', async () => {
    const user = userEvent.setup();
    const given = props();
    renderWithTheme(<EndpointForm {...given} />);
    await user.click(screen.getAllByLabelText('Type')[0] as HTMLElement);
    expect(screen.getAllByRole('option', { hidden: true }).map((option) => option.textContent)).toEqual([
      'SMS',
      'Email',
      'Telegram',
      'Pager hook',
      'Flow (escalation steps)',
    ]);
    await user.click(screen.getByRole('option', { name: 'Telegram', hidden: true }));
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Ops chat');
    expect(screen.getByRole('textbox', { name: 'Chat id' })).toHaveAttribute(
      'placeholder',
      '-1001234567890 or @channel',
    );
    await user.type(screen.getByRole('textbox', { name: 'Chat id' }), '-100200');
    await user.type(screen.getByLabelText(/^Bot token/), '123:abc');
    await user.click(screen.getByRole('button', { name: 'Create endpoint' }));
    expect(given.onSubmit).toHaveBeenCalledWith({
      type: 'telegram',
      name: 'Ops chat',
      chatId: '-100200',
      threadId: null,
      botToken: '123:abc',
      accessUserIds: [],
      accessTeamIds: [],
    });
  });

  it('builds a flow: add steps, reorder them with buttons, and the step’s error shows at its field', async () => {
    const user = userEvent.setup();
    const given = props({
      onSubmit: vi
        .fn()
        .mockRejectedValue(validationError({ 'steps.0.duration': ['A wait may not exceed 7 days.'] })),
    });
    renderWithTheme(<EndpointForm {...given} />);
    await user.click(screen.getAllByLabelText('Type')[0] as HTMLElement);
    await user.click(screen.getByRole('option', { name: 'Flow (escalation steps)', hidden: true }));
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Escalate');
    await user.click(screen.getByRole('button', { name: 'Add notify step' }));
    await user.click(screen.getByRole('button', { name: 'Add wait' }));
    expect(screen.getByRole('button', { name: 'Move step 1 up' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Move step 2 up' }));
    const steps = screen.getAllByTestId('flow-step');
    expect(within(steps[0] as HTMLElement).getByText('Step 1: wait')).toBeInTheDocument();
    expect(within(steps[1] as HTMLElement).getByText('Step 2: notify')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create endpoint' }));
    expect(given.onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({
        type: 'flow',
        steps: [
          { type: 'wait', duration: 5, timeUnit: 'm' },
          { type: 'endpoint', endpointIds: [] },
        ],
      }),
    );
    expect(await screen.findByText('A wait may not exceed 7 days.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove step 1' }));
    expect(screen.getAllByTestId('flow-step')).toHaveLength(1);
  });

  it('adds people steps with pickers: whoever is on call (and who if nobody), a user, a team', async () => {
    const user = userEvent.setup();
    const given = props({
      onSubmit: vi
        .fn()
        .mockRejectedValue(validationError({ 'steps.2.teamId': ['The selected team is invalid.'] })),
    });
    renderWithTheme(<EndpointForm {...given} />);
    await user.click(screen.getAllByLabelText('Type')[0] as HTMLElement);
    await user.click(screen.getByRole('option', { name: 'Flow (escalation steps)', hidden: true }));
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'People');
    await user.click(screen.getByRole('button', { name: 'Page who is on call' }));
    await user.click(screen.getByRole('button', { name: 'Page a user' }));
    await user.click(screen.getByRole('button', { name: 'Page a team' }));
    expect(screen.getByText('Step 1: page who is on call')).toBeInTheDocument();
    expect(screen.getByText(/Pages whoever is on call in no schedule yet/)).toBeInTheDocument();

    await user.click(picker('Step 1 schedule'));
    await user.click(screen.getByRole('option', { name: 'Primary', hidden: true }));
    await user.click(picker('Step 1 if nobody is on call'));
    await user.click(screen.getByRole('option', { name: "Page the schedule team's admins", hidden: true }));
    expect(
      screen.getByText(
        "Pages whoever is on call in Primary; nobody on call: the team's admins. Default urgency.",
      ),
    ).toBeInTheDocument();
    await user.click(picker('Step 2 user'));
    await user.click(screen.getByRole('option', { name: 'Bob (bob)', hidden: true }));
    expect(screen.getByText('Pages Bob (bob) on their own endpoints. Default urgency.')).toBeInTheDocument();
    // Every urgency picker offers High: the one of step 2's listbox.
    await user.click(picker('Step 2 urgency'));
    const urgencies = document.getElementById(picker('Step 2 urgency').getAttribute('aria-controls') ?? '');
    await user.click(within(urgencies as HTMLElement).getByRole('option', { name: 'High', hidden: true }));
    expect(screen.getByText('Pages Bob (bob) on their own endpoints. High urgency.')).toBeInTheDocument();

    // The team is left unpicked: the server's message shows at the step's picker.
    await user.click(screen.getByRole('button', { name: 'Create endpoint' }));
    expect(given.onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({
        type: 'flow',
        steps: [
          { type: 'schedule', scheduleId: 's-primary', ifNobodyOnCall: 'teamAdmins' },
          { type: 'user', userId: 'u-bob', urgency: 'high' },
          { type: 'team', teamId: '' },
        ],
      }),
    );
    expect(await screen.findByText('The selected team is invalid.')).toBeInTheDocument();
    expect(picker('Step 3 team')).toHaveAttribute('aria-invalid', 'true');
  });

  it('reads back stored people steps by name, and one out of sight as such', () => {
    renderWithTheme(
      <EndpointForm
        {...props({
          original: {
            ...emptyDraft('flow'),
            name: 'Stored',
            steps: draftSteps([
              { type: 'schedule', scheduleId: 's-primary' },
              { type: 'team', teamId: 't-db', urgency: 'high' },
              { type: 'user', userId: 'u-gone' },
            ]),
          },
        })}
      />,
    );
    expect(picker('Step 1 schedule')).toHaveValue('Primary');
    expect(picker('Step 1 if nobody is on call')).toHaveValue('Go on to the next step at once');
    expect(
      screen.getByText('Pages everyone in Database on their own endpoints. High urgency.'),
    ).toBeInTheDocument();
    expect(picker('Step 2 urgency')).toHaveValue('High');
    expect(picker('Step 1 urgency')).toHaveValue('Default');
    expect(picker('Step 3 user')).toHaveValue('A user you cannot see');
  });
});
