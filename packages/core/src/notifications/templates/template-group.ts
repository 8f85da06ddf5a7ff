import type { CarriedGroup } from '../message-group';

/**
 * One instance of a grouped message as templates see it in `group.instances`.
 *
 * @example { state: 'firing', instance: 'db-2', alertname: 'disk_full', labels: { job: 'node' }, annotations: {}, summary: 'disk full' }
 */
export interface TemplateGroupInstance {
  /** `firing` (it opened, or in a repeat still fires unacknowledged) or `resolved`. */
  readonly state: 'firing' | 'resolved';
  readonly instance: string | null;
  readonly alertname: string | null;
  readonly labels: Readonly<Record<string, string>>;
  readonly annotations: Readonly<Record<string, string>>;
  readonly summary: string | null;
}

/**
 * The `group` variable of a grouped message (docs/behavior-rules.md): how many instances it carries,
 * the first ones (as many as the channels list, firing first), how many more, and the rule's page.
 *
 * @example { count: 12, firing: 11, resolved: 1, more: 2, rule_url: 'https://…/rules/r_1', instances: [...] }
 */
export interface TemplateGroup {
  readonly count: number;
  readonly firing: number;
  readonly resolved: number;
  /** Instances carried but not in `instances` ("and N more"). */
  readonly more: number;
  readonly rule_url: string | null;
  readonly instances: readonly TemplateGroupInstance[];
}

/**
 * A grouped message's carried instances as a template's `group`.
 *
 * @example templateGroupOf(await readCarriedGroup(em, carried), 'https://…/rules/r_1').count // 12
 */
export function templateGroupOf(group: CarriedGroup, ruleUrl: string | null): TemplateGroup {
  return {
    count: group.firing + group.resolved,
    firing: group.firing,
    resolved: group.resolved,
    more: group.more,
    rule_url: ruleUrl,
    instances: group.items.map((item) => ({
      state: item.state,
      instance: item.instance,
      alertname: item.alertname,
      labels: { ...item.labels },
      annotations: { ...item.annotations },
      summary: item.summary,
    })),
  };
}
