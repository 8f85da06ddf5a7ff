import { describe, expect, it } from 'vitest';
import { checkTemplate, renderTemplate, TEMPLATE_LIMITS } from '../../../src/notifications/templates/index';
import { context } from './fixtures';

// Each hostile template is either refused by checkTemplate, or renders harmlessly, or fails with the
// reason of the LiquidJS limit that stopped it: bounds are asserted by that reason, not by timing.
describe('hostile templates', () => {
  it('cannot loop over a huge range: the range is charged to the allocation limit before it exists', () => {
    const text = '{% for i in (1..1000000000) %}x{% endfor %}';
    expect(checkTemplate(text)).toEqual({ ok: true });
    expect(renderTemplate(text, context())).toEqual({
      ok: false,
      reason: 'Line 1: memory alloc limit exceeded',
    });
  });

  it('cannot spin in nested loops: the time limit stops them', () => {
    const text =
      '{% for i in (1..1000) %}{% for j in (1..1000) %}{% for k in (1..1000) %}{% endfor %}{% endfor %}{% endfor %}';
    const result = renderTemplate(text, context());
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.reason).toMatch(/(template render|memory alloc) limit exceeded$/);
  });

  it('cannot double a string with append: the allocation limit stops it', () => {
    const text =
      '{% assign s = "x" %}{% for i in (1..40) %}{% assign s = s | append: s %}{% endfor %}{{ s.size }}';
    expect(renderTemplate(text, context())).toEqual({
      ok: false,
      reason: 'Line 1: memory alloc limit exceeded',
    });
  });

  it('cannot double a string with capture either', () => {
    const text =
      '{% assign s = "x" %}{% for i in (1..40) %}{% capture s %}{{ s }}{{ s }}{% endcapture %}{% endfor %}';
    expect(renderTemplate(text, context())).toEqual({
      ok: false,
      reason: 'Line 1: memory alloc limit exceeded',
    });
  });

  it('cannot write more than the output cap: the output is cut', () => {
    const text = `{% for i in (1..100000) %}${'y'.repeat(1000)}{% endfor %}`;
    const result = renderTemplate(text, context());
    expect(result).toMatchObject({ ok: true, truncated: true });
    expect(result.ok && result.text.length).toBe(TEMPLATE_LIMITS.outputLength);
    expect(result.ok && result.text.endsWith('y…')).toBe(true);
  });

  it('cannot reach constructors or prototypes through variables', () => {
    const text =
      '[{{ constructor }}|{{ rule.constructor.constructor }}|{{ labels.__proto__ }}|{{ items.first.constructor.name }}|{{ name.constructor }}]';
    expect(renderTemplate(text, context())).toEqual({ ok: true, text: '[||||]', truncated: false });
  });

  it('cannot read files: include, render and layout are refused when checked', () => {
    for (const tag of ["{% include '/etc/passwd' %}", "{% render 'x' %}", "{% layout 'x' %}"]) {
      const name = /\{% (\w+)/.exec(tag)?.[1];
      expect(checkTemplate(`ok\n${tag}`)).toEqual({
        ok: false,
        line: 2,
        message: `the ${name} tag is not available in message templates`,
      });
      expect(renderTemplate(tag, context())).toMatchObject({ ok: false });
    }
  });

  it('cannot call filters that do not exist', () => {
    expect(checkTemplate('{{ "x" | prototype }}')).toEqual({
      ok: false,
      line: 1,
      message: 'undefined filter: prototype',
    });
  });

  it('cannot pad a date into a huge string', () => {
    expect(renderTemplate('{{ "now" | date: "%999999999d" }}', context())).toEqual({
      ok: false,
      reason: 'Line 1: memory alloc limit exceeded',
    });
  });
});
