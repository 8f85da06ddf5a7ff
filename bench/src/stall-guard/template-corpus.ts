/**
 * Message templates that do their work inside filters (the render time limit was checked only
 * between tags): each is rendered by the preview endpoint and, for the issue's, at send time.
 */
export interface TemplateAttack {
  name: string;
  template: string;
}

const chain = (filter: string, times: number) => Array(times).fill(` | ${filter}`).join('');

export const ISSUE_TEMPLATE: TemplateAttack = {
  name: "issue's (1..200000) | sort_natural ×5",
  template: `{% assign a = (1..200000) %}{{ a${chain('sort_natural', 5)} }}`,
};

export function templateCorpus(full: boolean): TemplateAttack[] {
  if (!full) return [ISSUE_TEMPLATE];
  return [
    ISSUE_TEMPLATE,
    {
      name: '(1..200000) | sort | reverse | uniq ×3',
      template: `{% assign a = (1..200000) %}{{ a${chain('sort | reverse | uniq', 3)} | size }}`,
    },
    {
      name: '(1..200000) | join | split | sort_natural',
      template: `{% assign a = (1..200000) %}{{ a | join: "," | split: "," | sort_natural | join: "," | size }}`,
    },
    {
      name: 'nested loops 1000 × 1000',
      template: '{% for i in (1..1000) %}{% for j in (1..1000) %}{{ j }}{% endfor %}{% endfor %}',
    },
    {
      name: 'string doubling with append ×40',
      template:
        '{% assign s = "xx" %}{% for i in (1..40) %}{% assign s = s | append: s %}{% endfor %}{{ s | size }}',
    },
  ];
}
