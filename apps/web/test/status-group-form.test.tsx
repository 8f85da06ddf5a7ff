import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { StatusGroupForm } from '../src/status/status-group-form';
import { renderWithTheme } from './render';
import { validationError } from './server-error';

describe('the status group form', () => {
  it('sends the name and the tags picked or typed', async () => {
    const onSubmit = vi.fn(async () => undefined);
    renderWithTheme(
      <StatusGroupForm
        original={{ name: 'Shop', tags: ['shop'] }}
        knownTags={['shop', 'db']}
        onSubmit={onSubmit}
        onCancel={() => undefined}
      />,
    );
    const user = userEvent.setup();
    const name = screen.getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Storefront');
    await user.type(screen.getByRole('combobox', { name: /^Tags/ }), 'checkout{Enter}');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith({ name: 'Storefront', tags: ['shop', 'checkout'] });
  });

  it('shows a 422 at its field and keeps what was typed', async () => {
    const onSubmit = vi.fn(async () => {
      throw validationError({ name: ['A status group with this name already exists.'] });
    });
    renderWithTheme(
      <StatusGroupForm
        original={{ name: '', tags: [] }}
        knownTags={[]}
        onSubmit={onSubmit}
        onCancel={() => undefined}
      />,
    );
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Shop');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('A status group with this name already exists.')).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Shop');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
