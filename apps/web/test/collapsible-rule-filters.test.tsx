import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CollapsibleRuleFilters } from '../src/rules/collapsible-rule-filters';
import { activeFilterCount } from '../src/rules/rule-list-search';
import { renderWithTheme } from './render';

const realMatchMedia = window.matchMedia;

/** A screen as narrow as a phone, or not: what the `max-width` queries answer. */
function screenIsPhone(phone: boolean) {
  window.matchMedia = (query: string) => ({ ...realMatchMedia(query), matches: phone });
}

function renderFilters() {
  const onFilter = vi.fn();
  // The pick lists' queries have no server here: they fail at once and leave their lists empty.
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithTheme(
    <QueryClientProvider client={client}>
      <CollapsibleRuleFilters search={{ name: 'disk', state: 'critical' }} onFilter={onFilter} />
    </QueryClientProvider>,
  );
  return onFilter;
}

afterEach(() => {
  window.matchMedia = realMatchMedia;
});

describe('the rule list filters on a phone', () => {
  it('counts the filters that are set', () => {
    expect(activeFilterCount({})).toBe(0);
    expect(activeFilterCount({ name: 'disk', tags: ['db'], silent: 'silent' })).toBe(3);
  });

  it('shows every filter on a wide screen', () => {
    screenIsPhone(false);
    renderFilters();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('disk');
    expect(screen.queryByRole('button', { name: /Filters/ })).not.toBeInTheDocument();
  });

  it('folds them behind a button that says how many are set, opened from the keyboard', async () => {
    screenIsPhone(true);
    const onFilter = renderFilters();
    const button = screen.getByRole('button', { name: 'Filters (2)' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('textbox', { name: 'Name' })).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.tab();
    expect(button).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const name = screen.getByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue('disk');
    await user.clear(name);
    await vi.waitFor(() => expect(onFilter).toHaveBeenCalledWith({ name: undefined }));
  });
});
