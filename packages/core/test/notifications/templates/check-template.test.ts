import { describe, expect, it } from 'vitest';
import { checkTemplate, previewTemplate, TEMPLATE_LIMITS } from '../../../src/notifications/templates/index';
import { context } from './fixtures';

describe('checkTemplate', () => {
  it('accepts a valid template, unknown variables included', () => {
    expect(checkTemplate('{{ state_line }} {{ name | upcase }}\n{{ no_such_variable }}')).toEqual({
      ok: true,
    });
  });

  it('rejects an unknown filter with its line', () => {
    expect(checkTemplate('{{ name }}\n\n{{ state | upcas }}')).toEqual({
      ok: false,
      line: 3,
      message: 'undefined filter: upcas',
    });
  });

  it('rejects an unclosed tag with its line', () => {
    expect(checkTemplate('line one\n{% if state == "critical" %}\nfire')).toEqual({
      ok: false,
      line: 2,
      message: 'tag {% if state == "critical" %} not closed',
    });
    expect(checkTemplate('{% for item in items %}\n{{ item.instance }}')).toMatchObject({
      ok: false,
      line: 1,
    });
  });

  it('rejects an unclosed output', () => {
    expect(checkTemplate('ok\n{{ name ')).toMatchObject({ ok: false, line: 2 });
  });

  it('checks any number of templates: the parse limit bounds each one, not their sum', () => {
    const long = `${'x'.repeat(TEMPLATE_LIMITS.parseLength - 20)}{{alert_items}}`;
    for (let round = 0; round < 3; round += 1) expect(checkTemplate(long)).toEqual({ ok: true });
  });

  it('rejects a template longer than the parse limit', () => {
    expect(checkTemplate('x'.repeat(TEMPLATE_LIMITS.parseLength + 1))).toEqual({
      ok: false,
      line: 1,
      message: `the template is longer than ${TEMPLATE_LIMITS.parseLength} characters`,
    });
  });
});

describe('previewTemplate', () => {
  it('renders a valid template', () => {
    expect(previewTemplate('{{ state_line }} {{ instance }}', context())).toEqual({
      ok: true,
      text: '🔴 CRITICAL db-1',
    });
  });

  it('returns the line error of an invalid one', () => {
    expect(previewTemplate('a\n{{ x | nope }}', context())).toEqual({
      ok: false,
      line: 2,
      message: 'undefined filter: nope',
    });
  });

  it('returns a render failure with its line', () => {
    expect(previewTemplate('\n{% for i in (1..1000000000) %}x{% endfor %}', context())).toEqual({
      ok: false,
      line: 2,
      message: 'memory alloc limit exceeded',
    });
  });
});
