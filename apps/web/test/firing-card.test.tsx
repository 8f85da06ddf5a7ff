import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { type FiringActions, FiringCard, type FiringEntry } from '../src/now/firing-card';
import { renderWithTheme } from './render';

const now = new Date('2026-03-01T03:10:00Z');

function entry(overrides: Partial<FiringEntry> = {}): FiringEntry {
  return {
    id: 'i-1',
    alertname: 'disk_full',
    instance: 'db-1',
    state: 'critical',
    description: 'The disk is 98% full.',
    summary: null,
    labels: { team: 'storage' },
    details: { runbook: 'https://runbooks.example/disk' },
    annotations: null,
    dataSource: null,
    episodeId: 'e-1',
    firedAt: '2026-03-01T03:05:00Z',
    lastSeenAt: '2026-03-01T03:05:00Z',
    acknowledgedAt: null,
    rule: { id: 'r-1', name: 'Disk space', type: 'api', isSilent: false },
    pages: [],
    nextEscalation: null,
    ...overrides,
  };
}

function actions(overrides: Partial<FiringActions> = {}): FiringActions {
  return { acknowledge: vi.fn(), resolve: vi.fn(), toggleSilence: vi.fn(), busyRuleId: null, ...overrides };
}

describe('FiringCard', () => {
  it('shows what fires, where, on which rule and since when', () => {
    renderWithTheme(<FiringCard entry={entry()} now={now} actions={actions()} />);
    expect(screen.getByRole('article', { name: 'disk_full' })).toBeInTheDocument();
    expect(screen.getByText('critical')).toBeInTheDocument();
    expect(screen.getByText('db-1')).toBeInTheDocument();
    expect(screen.getByText('Disk space')).toBeInTheDocument();
    expect(screen.getByText('5 minutes ago')).toBeInTheDocument();
    expect(screen.getByText('The disk is 98% full.')).toBeInTheDocument();
  });

  it('acknowledges, resolves and silences the rule in one tap each', async () => {
    const user = userEvent.setup();
    const given = actions();
    renderWithTheme(<FiringCard entry={entry()} now={now} actions={given} />);
    await user.click(screen.getByRole('button', { name: 'Acknowledge' }));
    await user.click(screen.getByRole('button', { name: 'Resolve' }));
    await user.click(screen.getByRole('button', { name: 'Silence' }));
    expect(given.acknowledge).toHaveBeenCalledWith('r-1');
    expect(given.resolve).toHaveBeenCalledWith('r-1');
    expect(given.toggleSilence).toHaveBeenCalledWith('r-1');
  });

  it('offers no second acknowledgement, and unsilence for a silenced rule', () => {
    renderWithTheme(
      <FiringCard
        entry={entry({
          acknowledgedAt: '2026-03-01T03:08:00Z',
          rule: { id: 'r-1', name: 'Disk space', type: 'api', isSilent: true },
        })}
        now={now}
        actions={actions()}
      />,
    );
    expect(screen.getByRole('button', { name: 'Acknowledge' })).toBeDisabled();
    expect(screen.getByText('Acknowledged 2 minutes ago')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unsilence' })).toBeEnabled();
  });

  it('disables the rule buttons while an action on its rule runs', () => {
    renderWithTheme(<FiringCard entry={entry()} now={now} actions={actions({ busyRuleId: 'r-1' })} />);
    for (const name of ['Acknowledge', 'Resolve', 'Silence']) {
      expect(screen.getByRole('button', { name })).toBeDisabled();
    }
  });

  it('shows labels and annotations on demand', async () => {
    const user = userEvent.setup();
    renderWithTheme(<FiringCard entry={entry()} now={now} actions={actions()} />);
    expect(screen.queryByText('team=storage')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Details' }));
    expect(screen.getByText('team=storage')).toBeInTheDocument();
    expect(screen.getByText('https://runbooks.example/disk')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Less' })).toHaveAttribute('aria-expanded', 'true');
  });

  it("shows each page's delivery status in words and counts down to the next escalation step", () => {
    vi.useFakeTimers({
      now: new Date('2026-03-01T03:10:00Z'),
      toFake: ['Date', 'setInterval', 'clearInterval'],
    });
    try {
      const page = (
        id: string,
        name: string,
        channel: string,
        status: FiringEntry['pages'][number]['status'],
      ) => ({
        id,
        endpoint: { id, name, channel },
        status,
        attempts: 1,
        at: '2026-03-01T03:05:01Z',
      });
      renderWithTheme(
        <FiringCard
          entry={entry({
            pages: [
              page('p1', 'On-call phone', 'sms', 'delivered'),
              page('p2', 'Lead', 'call', 'fellBack'),
              page('p3', 'Ops mail', 'email', 'failed'),
            ],
            nextEscalation: {
              at: '2026-03-01T03:14:05Z',
              flow: { id: 'f', name: 'Night flow' },
              stepIndex: 2,
              endpoints: 2,
            },
          })}
          now={now}
          actions={actions()}
          skewMs={0}
        />,
      );
      const pages = screen.getByRole('list', { name: 'Pages' });
      expect(pages).toHaveTextContent('On-call phone (sms): delivered');
      expect(pages).toHaveTextContent('Lead (call): sent by backup');
      expect(pages).toHaveTextContent('Ops mail (email): failed');
      expect(screen.getByTestId('escalation-countdown')).toHaveTextContent(
        'Escalates in 4:05 · Night flow, step 3 pages 2 endpoints',
      );
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps the pages and escalation lines when there is nothing to show, saying so', () => {
    renderWithTheme(
      <FiringCard entry={entry({ acknowledgedAt: '2026-03-01T03:06:00Z' })} now={now} actions={actions()} />,
    );
    expect(screen.getByTestId('page-status')).toHaveTextContent('No pages sent yet');
    expect(screen.getByTestId('escalation-countdown')).toHaveTextContent('No escalation: acknowledged');
  });
});
