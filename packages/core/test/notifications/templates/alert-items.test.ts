import { describe, expect, it } from 'vitest';
import { checkTemplate, renderTemplate, templateContext } from '../../../src/notifications/templates/index';
import { context, DETAILS, facts } from './fixtures';

function render(text: string, ctx = context()): string {
  const result = renderTemplate(text, ctx);
  if (!result.ok) throw new Error(result.reason);
  return result.text;
}

const TWO_ITEMS = templateContext(facts(), {
  ...DETAILS,
  items: [
    {
      instance: 'db-1',
      alertname: 'DiskFull',
      state: 'critical',
      labels: { instance: 'db-1', job: 'node' },
      annotations: { summary: 'disk full', runbook: 'https://wiki/disk' },
    },
    {
      instance: 'db-2',
      alertname: 'DiskFull',
      state: 'critical',
      labels: { instance: 'db-2', job: 'node' },
      annotations: { summary: 'disk\nnearly full' },
    },
  ],
});

describe('the alert_items tag', () => {
  it('lists each item on a line: selected labels, then selected annotations', () => {
    expect(
      render('{% alert_items labels: "instance,job", annotations: "* exclude=runbook" %}', TWO_ITEMS),
    ).toBe(
      '- instance=db-1 job=node | summary: disk full\n- instance=db-2 job=node | summary: disk nearly full',
    );
  });

  it('shows every label and no annotation by default', () => {
    expect(render('{% alert_items %}')).toBe('- instance=db-1 job=node env=prod');
  });

  it('shows listed keys in the listed order and skips absent ones', () => {
    expect(render('{% alert_items labels: "job, missing, instance", annotations: "runbook,summary" %}')).toBe(
      '- job=node instance=db-1 | runbook: https://wiki/disk | summary: disk full',
    );
  });

  it('excludes labels too, and names the instance when no label is shown', () => {
    expect(render("{% alert_items labels: '* exclude=instance,env' %}")).toBe('- job=node');
    expect(render('{% alert_items labels: "" annotations: "summary" %}')).toBe('- db-1 | summary: disk full');
  });

  it('lists nothing for an event without instance', () => {
    expect(render('[{% alert_items %}]', context({ kind: 'test', state: null, instance: null }))).toBe('[]');
  });

  it('lists the event items even when a template assigns items', () => {
    expect(render('{% assign items = "x" %}{% alert_items labels: "job" %}')).toBe('- job=node');
  });

  it('refuses unknown arguments and malformed selections at parse time', () => {
    expect(checkTemplate('\n{% alert_items label: "a" %}')).toEqual({
      ok: false,
      line: 2,
      message: 'alert_items: unknown argument "label" (use labels or annotations)',
    });
    expect(checkTemplate('{% alert_items labels: "a b" %}')).toMatchObject({ ok: false, line: 1 });
    expect(checkTemplate('{% alert_items labels: "* exclude=" %}')).toMatchObject({ ok: false, line: 1 });
    expect(checkTemplate('{% alert_items labels: job %}')).toMatchObject({ ok: false, line: 1 });
  });
});
