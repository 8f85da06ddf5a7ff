import { describe, expect, it } from 'vitest';
import { checkTemplate, renderTemplate, TEMPLATE_LIMITS } from '../../../src/notifications/templates/index';
import { context } from './fixtures';

// The time limit lifted: the counting bounds alone, which hold on a machine of any speed or load.
const untimed = { ...TEMPLATE_LIMITS, renderMs: 3_600_000 };

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

  it('cannot double a string with append: the allocation or the work limit stops it', () => {
    const text =
      '{% assign s = "x" %}{% for i in (1..40) %}{% assign s = s | append: s %}{% endfor %}{{ s.size }}';
    const result = renderTemplate(text, context(), untimed);
    expect(result.ok ? 'rendered' : result.reason).toMatch(
      /^Line 1: (memory alloc|template work) limit exceeded$/,
    );
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

  it('stops a chain of filters inside one output at the deadline, which LiquidJS checks only between tags', () => {
    // One output, so the only check LiquidJS makes is before it starts; each sort takes milliseconds.
    const text = `{{ (1..${TEMPLATE_LIMITS.arrayElements})${' | sort_natural'.repeat(60)} | size }}`;
    const result = renderTemplate(text, context(), {
      ...TEMPLATE_LIMITS,
      work: Number.POSITIVE_INFINITY,
      renderMs: 1,
    });
    expect(result).toEqual({ ok: false, reason: 'Line 1: template render limit exceeded' });
  });

  it('cannot pad a date into a huge string', () => {
    expect(renderTemplate('{{ "now" | date: "%999999999d" }}', context())).toEqual({
      ok: false,
      reason: 'Line 1: memory alloc limit exceeded',
    });
  });
});

// Work inside one output: LiquidJS checks its time limit only between tags, so a chain of filters in
// `{{ … }}` ran to its end however long it took. Each of these is stopped by a bound that counts
// elements, not milliseconds, so the refusal is the same on any machine.
describe('hostile templates: work inside filters', () => {
  it("refuses the issue's sort_natural chain over a 200,000-element range at its first sort", () => {
    const text = `{% assign a = (1..200000) %}{{ a${' | sort_natural'.repeat(14)} | size }}`;
    expect(text.length).toBeLessThanOrEqual(260);
    expect(renderTemplate(text, context(), untimed)).toEqual({
      ok: false,
      reason: `Line 1: sort_natural: an array of 200000 elements is over the ${TEMPLATE_LIMITS.arrayElements} allowed`,
    });
  });

  it('refuses a long chain of sorts of allowed arrays by the work they add up to', () => {
    // 60 sorts of 10,000 elements charge 600,000 allocation units, under LiquidJS's own limit, and ran.
    const text = `{% assign a = (1..${TEMPLATE_LIMITS.arrayElements}) %}{{ a${' | sort_natural'.repeat(60)} | size }}`;
    const result = renderTemplate(text, context(), untimed);
    expect(result.ok ? 'rendered' : result.reason).toMatch(
      /^(Line 1: )?template (work|render) limit exceeded$/,
    );
  });

  it('counts the size of every filter input, which LiquidJS does not charge to its allocation limit', () => {
    // 101 one-element slices of a 10,000-element array allocate 101 units and count 1,010,000.
    const text = '{% assign a = (1..10000) %}{% for i in (1..101) %}{{ a | slice: 0, 1 }}{% endfor %}';
    expect(renderTemplate(text, context(), untimed)).toEqual({
      ok: false,
      reason: 'Line 1: template work limit exceeded',
    });
  });

  it('refuses arrays grown past the bound by concat, split or map', () => {
    const grown = [
      '{% assign a = (1..1000) %}{% for i in (1..10) %}{% assign a = a | concat: a %}{% endfor %}{{ a | size }}',
      '{% assign s = "x,x,x,x,x,x,x,x,x,x," %}{% for i in (1..11) %}{% assign s = s | append: s %}{% endfor %}{{ s | split: "," | size }}',
      '{% assign a = (1..20000) %}{{ a | map: "x" | compact | size }}',
    ];
    for (const text of grown) {
      const result = renderTemplate(text, context(), untimed);
      expect(result.ok ? 'rendered' : result.reason).toMatch(
        /an array of \d+ elements is over the 10000 allowed$/,
      );
    }
  });

  it('bounds work of every filter kind over one render, strings included', () => {
    const text = `{% assign s = "${'ab'.repeat(5000)}" %}{% for i in (1..200) %}{{ s | upcase | downcase | replace: "a", "b" | size }}{% endfor %}`;
    const result = renderTemplate(text, context(), untimed);
    expect(result.ok ? 'rendered' : result.reason).toMatch(
      /^Line 1: (memory alloc|template work) limit exceeded$/,
    );
  });

  it('still renders what a message needs: sizes and ends of long lists, sorts of ordinary ones', () => {
    const text =
      '{% assign a = (1..20000) %}{{ a | size }} {{ a | first }} {{ a | last }} {% assign b = (1..500) | sort | reverse %}{{ b | first }}';
    expect(renderTemplate(text, context(), untimed)).toEqual({
      ok: true,
      text: '20000 1 20000 500',
      truncated: false,
    });
  });
});
