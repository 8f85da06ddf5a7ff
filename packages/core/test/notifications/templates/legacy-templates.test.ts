import { describe, expect, it } from 'vitest';
import { checkTemplate, renderTemplate } from '../../../src/notifications/templates/index';
import { rewriteLegacyHelpers } from '../../../src/notifications/templates/legacy-helpers';
import { context } from './fixtures';

describe('legacy templates', () => {
  it('render the legacy placeholders as they are', () => {
    expect(renderTemplate('{{state_line}} {{name}}\n{{date}}', context())).toEqual({
      ok: true,
      text: '🔴 CRITICAL Disk space\n2026-11-26 17:05:03 UTC',
      truncated: false,
    });
  });

  it('render the legacy alert_items helper through the tag', () => {
    expect(
      renderTemplate(
        'Alerts:\n{{alert_items labels="instance,job" annotations="* exclude=runbook"}}',
        context(),
      ),
    ).toEqual({ ok: true, text: 'Alerts:\n- instance=db-1 job=node | summary: disk full', truncated: false });
  });

  it('rewrite the helper with any argument order, none, or trimming', () => {
    expect(rewriteLegacyHelpers('{{alert_items}}')).toBe('{% alert_items %}');
    expect(rewriteLegacyHelpers('{{ alert_items annotations="summary" labels="*" }}')).toBe(
      '{% alert_items annotations: "summary", labels: "*" %}',
    );
    expect(rewriteLegacyHelpers("{{- alert_items labels='job' -}}")).toBe(
      "{%- alert_items labels: 'job' -%}",
    );
  });

  it('leave other placeholders and Liquid untouched', () => {
    const text = '{{name}} {{ alert_items_count }} {% if x %}{{ labels.alert_items }}{% endif %}';
    expect(rewriteLegacyHelpers(text)).toBe(text);
  });

  it('keep the line breaks of a helper written over several lines', () => {
    const text = '{{alert_items\n  labels="job"\n  annotations="summary"}}\n{{ x | nofilter }}';
    expect(rewriteLegacyHelpers(text).split('\n')).toHaveLength(4);
    expect(checkTemplate(text)).toEqual({ ok: false, line: 4, message: 'undefined filter: nofilter' });
    expect(renderTemplate(text.replace(' | nofilter', ''), context())).toMatchObject({
      ok: true,
      text: '- job=node | summary: disk full\n',
    });
  });

  it('report errors after legacy helpers on the user lines', () => {
    expect(checkTemplate('{{alert_items labels="job"}}\n\n{% if %}')).toMatchObject({ ok: false, line: 3 });
  });
});
