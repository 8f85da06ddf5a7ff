import type { EntityManager } from '@mikro-orm/core';
import type { AlertState } from '../entities/alert-rule.entity';

/** What a template renders to against a rule's last event, and which event that was. */
export interface TemplatePreviewAnswer {
  status: true;
  text: string;
  /** The event rendered: the rule's latest alert event, or null when it has none and a sample stood in. */
  alertEventId: string | null;
}

/** The rule whose template is previewed. */
export interface PreviewedRule {
  id: string;
  name: string;
  type: string;
  state: AlertState;
}

/**
 * Renders a template against a rule's last alert event as a send would (a 422 at `template` naming
 * the line when it does not render); injected by whoever renders messages, as the template check is.
 */
export type TemplatePreviewer = (
  em: EntityManager,
  rule: PreviewedRule,
  template: string,
  now: Date,
) => Promise<TemplatePreviewAnswer>;
