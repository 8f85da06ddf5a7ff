import { describe, expect, it } from 'vitest';
import { alertEventMessage } from '../../../src/notifications/templates/alert-event-message';
import {
  readsVariable,
  renderTemplate,
  templateContext,
  templatedMessage,
  templateGroupOf,
  templateTime,
} from '../../../src/notifications/templates/index';
import { ACK, context, DETAILS, FIRED_AT, facts } from './fixtures';

function render(text: string, ctx = context()): string {
  const result = renderTemplate(text, ctx);
  if (!result.ok) throw new Error(result.reason);
  return result.text;
}

describe('template variables', () => {
  it('show the rule: id, name, type, state, and the legacy alias name', () => {
    expect(render('{{ rule.id }}|{{ rule.name }}|{{ rule.type }}|{{ rule.state }}|{{ name }}')).toBe(
      'rule-1|Disk space|prometheus|critical|Disk space',
    );
  });

  it('show the alert: alertname, instance, state, description, summary', () => {
    expect(render('{{ alertname }}|{{ instance }}|{{ state }}|{{ description }}|{{ summary }}')).toBe(
      'DiskFull|db-1|critical|Free space is 3%|disk full',
    );
  });

  it('show labels and annotations by key', () => {
    expect(render('{{ labels.job }} {{ labels["env"] }} {{ annotations.runbook }}')).toBe(
      'node prod https://wiki/disk',
    );
  });

  it('write times in UTC to the second: date is the event, fired_at the fire', () => {
    expect(templateTime(FIRED_AT)).toBe('2026-11-26 17:05:03 UTC');
    expect(render('{{ date }}|{{ fired_at }}|{{ resolved_at }}')).toBe(
      '2026-11-26 17:05:03 UTC|2026-11-26 17:05:03 UTC|',
    );
  });

  it('format dates with the date filter in UTC, whatever the server zone', () => {
    expect(render('{{ "2026-11-26T17:05:03Z" | date: "%Y-%m-%d %H:%M" }}')).toBe('2026-11-26 17:05');
  });

  it('take fired_at and resolved_at from the details when given', () => {
    const resolved = templateContext(facts({ kind: 'resolved', state: 'resolved', ruleState: 'resolved' }), {
      firedAt: new Date('2026-11-26T16:00:00Z'),
    });
    expect(render('{{ fired_at }}|{{ resolved_at }}', resolved)).toBe(
      '2026-11-26 16:00:00 UTC|2026-11-26 17:05:03 UTC',
    );
  });

  it('say the state as the headline does, with its mark', () => {
    const line = (overrides: Parameters<typeof facts>[0]) => render('{{ state_line }}', context(overrides));
    expect(line({})).toBe('🔴 CRITICAL');
    expect(line({ state: 'warning', ruleState: 'warning' })).toBe('🟠 WARNING');
    expect(line({ kind: 'resolved', state: 'resolved', ruleState: 'resolved' })).toBe('✅ RESOLVED');
    expect(line({ kind: 'triggered', state: 'triggered', ruleState: 'triggered' })).toBe('🔔 TRIGGERED');
    expect(line({ kind: 'acknowledged', state: null })).toBe('👀 ACKNOWLEDGED');
    expect(line({ kind: 'test', state: null, instance: null })).toBe('🧪 TEST');
  });

  it('offer ack_link only when the default message does', () => {
    expect(render('{{ ack_link }}')).toBe(ACK);
    expect(render('[{{ ack_link }}]', context({ kind: 'resolved', state: 'resolved' }))).toBe('[]');
    expect(render('[{{ ack_link }}]', templateContext(facts()))).toBe('[]');
  });

  it('list the event instance as its one item', () => {
    expect(
      render(
        '{% for item in items %}{{ item.instance }} {{ item.alertname }} {{ item.labels.job }}{% endfor %}',
      ),
    ).toBe('db-1 DiskFull node');
    expect(render('{{ items.size }}', context({ kind: 'test', state: null, instance: null }))).toBe('0');
  });

  it('render absent values empty and false, and unknown variables empty', () => {
    const bare = templateContext(facts({ description: null }));
    expect(
      render('[{{ summary }}{{ description }}{{ rule.id }}{{ labels.job }}{{ nothing.at.all }}]', bare),
    ).toBe('[]');
    expect(render('{% if summary %}yes{% else %}no{% endif %}', bare)).toBe('no');
  });

  it('take the items from the details when the event covers several alerts', () => {
    const ctx = templateContext(facts(), {
      ...DETAILS,
      items: [
        { instance: 'a', alertname: null, state: 'critical', labels: {}, annotations: {} },
        { instance: 'b', alertname: null, state: 'warning', labels: {}, annotations: {} },
      ],
    });
    expect(render('{% for item in items %}{{ item.instance }}={{ item.state }};{% endfor %}', ctx)).toBe(
      'a=critical;b=warning;',
    );
  });

  it('do not let a render change the context for the next one', () => {
    const ctx = context();
    expect(render('{% increment name %}', ctx)).toBe('0');
    expect(render('{{ name }}', ctx)).toBe('Disk space');
  });
});

describe('templatedMessage', () => {
  it('replaces the body and keeps the rest of the default message', () => {
    const message = alertEventMessage(facts(), ACK);
    expect(templatedMessage(message, 'custom')).toEqual({ ...message, body: 'custom' });
  });
});

describe('the group variable', () => {
  const carried = {
    firing: 11,
    resolved: 1,
    more: 2,
    ruleId: 'rule-1',
    items: Array.from({ length: 10 }, (_, i) => ({
      state: i === 9 ? ('resolved' as const) : ('firing' as const),
      instanceId: `i-${i}`,
      instance: `db-${i}`,
      alertname: 'DiskFull',
      labels: { job: 'node' },
      annotations: { runbook: 'https://wiki/disk' },
      summary: `disk ${i}`,
    })),
  };

  it('is null for a message about one event', () => {
    expect(context().group).toBeNull();
    expect(render('{% if group %}grouped{% else %}single{% endif %}')).toBe('single');
  });

  it('carries the count, the listed instances with labels, annotations and summary, and how many more', () => {
    const group = templateGroupOf(carried, 'https://oncall.example.com/rules/rule-1');
    const ctx = templateContext(facts(), { ...DETAILS, group });
    expect(
      render(
        '{{ group.count }}/{{ group.firing }}/{{ group.resolved }}/{{ group.more }} {{ group.rule_url }}|' +
          '{% for i in group.instances limit: 2 %}{{ i.instance }} {{ i.state }} {{ i.labels.job }} {{ i.annotations.runbook }} {{ i.summary }};{% endfor %}' +
          '{{ group.instances.last.state }} {{ group.instances.size }}',
        ctx,
      ),
    ).toBe(
      '12/11/1/2 https://oncall.example.com/rules/rule-1|db-0 firing node https://wiki/disk disk 0;db-1 firing node https://wiki/disk disk 1;resolved 10',
    );
  });

  it('is seen by static analysis wherever a template reads it', () => {
    expect(readsVariable('{% for i in group.instances %}{{ i.instance }}{% endfor %}', 'group')).toBe(true);
    expect(readsVariable('{% if x %}{% if group %}y{% endif %}{% endif %}', 'group')).toBe(true);
    expect(readsVariable('{{ name }} {% alert_items labels: "job" %}', 'group')).toBe(false);
    expect(readsVariable('{% if %}', 'group')).toBe(false);
  });
});
