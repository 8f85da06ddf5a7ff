import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  type ProviderConfigRow,
  type ProviderKindForms,
  providerConfigBody,
} from '../src/settings/provider-config-draft';
import { ProviderConfigForm } from '../src/settings/provider-config-form';
import { renderWithTheme } from './render';
import { validationError } from './server-error';

const SMS: ProviderKindForms = {
  kind: 'sms',
  label: 'SMS config',
  providers: [
    {
      provider: 'providerOne',
      implied: true,
      secretBound: ['baseUrl'],
      fields: [
        { name: 'apiToken', label: 'api token', secret: true, required: true, value: 'string' },
        { name: 'senderNumber', label: 'sender number', secret: false, required: true, value: 'string' },
        { name: 'baseUrl', label: 'base url', secret: false, required: false, value: 'string' },
        { name: 'flash', label: 'flash', secret: false, required: false, value: 'boolean' },
        {
          name: 'encoding',
          label: 'encoding',
          secret: false,
          required: false,
          value: { choices: ['gsm', 'ucs2'] },
        },
      ],
    },
  ],
};

const STORED: ProviderConfigRow = {
  id: 'c1',
  name: 'Primary',
  provider: 'providerOne',
  isDefault: true,
  isBackup: false,
  createdAt: '',
  updatedAt: '',
  kind: 'sms',
  apiToken: '********0002',
  senderNumber: '1000',
  baseUrl: null,
  flash: false,
  encoding: null,
};

describe('ProviderConfigForm', () => {
  it('draws the provider’s fields and creates a config typed by them', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn().mockResolvedValue({});
    renderWithTheme(<ProviderConfigForm kind={SMS} original={null} onSubmit={onSubmit} onCancel={vi.fn()} />);
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Primary');
    await user.type(screen.getByLabelText(/^API token/), 'secret-token-0002');
    await user.type(screen.getByRole('textbox', { name: 'Sender number' }), '1000');
    await user.click(screen.getByRole('checkbox', { name: 'Flash' }));
    await user.click(screen.getByRole('button', { name: 'Create config' }));
    const [form, draft] = onSubmit.mock.calls[0] ?? [];
    expect(providerConfigBody(form, draft)).toEqual({
      name: 'Primary',
      provider: 'providerOne',
      apiToken: 'secret-token-0002',
      senderNumber: '1000',
      baseUrl: null,
      flash: true,
      encoding: null,
    });
  });

  it('keeps a stored secret masked: sent back as read, never in clear', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn().mockResolvedValue({});
    renderWithTheme(
      <ProviderConfigForm kind={SMS} original={STORED} onSubmit={onSubmit} onCancel={vi.fn()} />,
    );
    expect(screen.getByLabelText(/^API token/)).toHaveValue('********0002');
    expect(screen.getByText(/Stored, shown masked/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const [form, draft] = onSubmit.mock.calls[0] ?? [];
    expect(providerConfigBody(form, draft)).toMatchObject({ apiToken: '********0002', senderNumber: '1000' });
  });

  it('shows a 422 at its field and keeps what was typed', async () => {
    const user = userEvent.setup();
    const onSubmit = vi
      .fn()
      .mockRejectedValue(validationError({ baseUrl: ['The base url must be a valid URL.'] }));
    renderWithTheme(
      <ProviderConfigForm kind={SMS} original={STORED} onSubmit={onSubmit} onCancel={vi.fn()} />,
    );
    await user.type(screen.getByRole('textbox', { name: 'Base URL' }), 'not a url');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The base url must be a valid URL.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Base URL' })).toHaveValue('not a url');
  });
});
