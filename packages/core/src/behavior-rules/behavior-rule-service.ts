import type { EntityManager, MikroORM } from '@mikro-orm/core';
import type { BehaviorRuleCreateInput, BehaviorRuleKind, BehaviorRuleUpdateInput } from '@oncall/contracts';
import type { Actor } from '../auth/actor';
import type { AlertState } from '../entities/alert-rule.entity';
import { newId } from '../entities/new-id';
import { notFound, validationFailed } from '../errors/domain-error';
import { isForeignKeyViolation } from '../persistence/foreign-key-violation';
import { runSql, selectRows, sql } from '../persistence/sql-fragment';
import { lockForTransaction } from '../persistence/transaction-lock';
import { assertCanAdministerRule } from '../policy/alert-rule-policy';
import type { Clock } from '../ports/clock';
import { assertRuleReferences } from '../rule-access/rule-references';
import { standingOnRule } from '../rule-access/rule-standing';
import { visibleRules } from '../rule-access/visible-rules';
import { loadById } from '../validation/find-by-id';
import {
  assertDependenciesSelectable,
  assertNoDependencyCycle,
  NON_RESOLVING_RULE_TYPES,
} from './behavior-dependencies';
import { type CheckedBehaviorRule, checkBehaviorRule, type TemplateChecker } from './behavior-rule-fields';
import { type BehaviorRuleView, readBehaviorRules } from './behavior-rule-view';
import type { TemplatePreviewAnswer, TemplatePreviewer } from './template-previewer';

/** An alert rule a silent behavior rule may depend on. */
export interface SelectableAlertRule {
  id: string;
  name: string;
  type: string;
}

export interface BehaviorRuleWriteResult {
  status: true;
  rule: BehaviorRuleView;
}

/** Held while dependency links change, so concurrent writes cannot each close half of a cycle. */
const DEPENDENCY_LOCK = 'alert_rule_behavior_dependencies';

/** Fields an update may carry for each kind (besides `name`); the others are dropped. */
const KIND_FIELDS: Record<BehaviorRuleKind, readonly (keyof BehaviorRuleUpdateInput)[]> = {
  notification: ['filters', 'endpointIds'],
  template: ['endpointIds', 'template'],
  silent: ['dependsOnAlertRuleIds', 'triggerState', 'maintenance'],
};

/**
 * `/alert-rule-behavior-rule`: behavior rules of an alert rule. Whoever sees the alert rule reads
 * them (404 otherwise, as every rule route answers); its admins create, change and delete them
 * (403 for others who see it). Endpoints must be ones the admin can see, dependencies rules it
 * can see of a type that can be resolved or critical, and no dependency may close a cycle.
 */
export class BehaviorRuleService {
  constructor(
    private readonly deps: {
      orm: MikroORM;
      /** Template syntax (the core's `checkTemplate`): a template that does not parse is a 422 naming the line. */
      checkTemplate: TemplateChecker;
      /** Template rendering against a rule's last event (the core's `previewRuleTemplate`). */
      previewRuleTemplate: TemplatePreviewer;
      /** Dates the sample alert a preview renders when the rule has no event yet. */
      clock: Clock;
    },
  ) {}

  /** Rules the caller sees that can be resolved or critical, except the rule itself, by name. */
  async selectableAlertRules(actor: Actor, alertRuleId: string): Promise<SelectableAlertRule[]> {
    const em = this.deps.orm.em.fork();
    const standing = await standingOnRule(em, actor, alertRuleId);
    return selectRows<SelectableAlertRule>(
      em,
      sql`select r.id, r.name, r.type from alert_rules r
           where ${visibleRules(actor)} and r.id <> ${standing.id} and r.type not in (${NON_RESOLVING_RULE_TYPES})
           order by r.name, r.id`,
    );
  }

  /**
   * What a template would send, rendered against the rule's last alert event (for anyone who may
   * see the rule): the text, or a 422 at `template` naming the line.
   */
  async previewTemplate(actor: Actor, alertRuleId: string, template: string): Promise<TemplatePreviewAnswer> {
    const em = this.deps.orm.em.fork();
    const standing = await standingOnRule(em, actor, alertRuleId);
    const [rule] = await selectRows<{ id: string; name: string; type: string; state: AlertState }>(
      em,
      sql`select id, name, type, state from alert_rules where id = ${standing.id}`,
    );
    if (!rule) throw notFound('Alert rule');
    return this.deps.previewRuleTemplate(em, rule, template, this.deps.clock.now());
  }

  async list(actor: Actor, alertRuleId: string): Promise<{ rules: BehaviorRuleView[] }> {
    const em = this.deps.orm.em.fork();
    const standing = await standingOnRule(em, actor, alertRuleId);
    return { rules: await readBehaviorRules(em, [standing.id]) };
  }

  async create(
    actor: Actor,
    alertRuleId: string,
    input: BehaviorRuleCreateInput,
  ): Promise<BehaviorRuleWriteResult> {
    const em = this.deps.orm.em.fork();
    const standing = await standingOnRule(em, actor, alertRuleId);
    assertCanAdministerRule(actor, standing);
    const checked = checkBehaviorRule(input.type, input, this.deps.checkTemplate);
    await this.assertReferences(em, actor, standing.id, checked, {
      endpointIds: new Set(),
      dependencies: new Set(),
    });
    const id = newId();
    await em.transactional(async (tx) => {
      await lockAlertRule(tx, standing.id);
      if (checked.dependsOnAlertRuleIds.length > 0) {
        await lockForTransaction(tx, DEPENDENCY_LOCK);
        await assertNoDependencyCycle(tx, standing.id, checked.dependsOnAlertRuleIds);
      }
      const now = new Date();
      await runSql(
        tx,
        sql`insert into alert_rule_behavior_rules (id, alert_rule_id, kind, name, settings, created_at, updated_at)
            values (${id}, ${standing.id}, ${checked.kind}, ${checked.name}, ${JSON.stringify(checked.settings)}::jsonb, ${now}, ${now})`,
      );
      await linkReferences(tx, id, checked);
      await runSql(tx, sql`update alert_rules set has_behavior_rules = true where id = ${standing.id}`);
    });
    return { status: true, rule: await this.readOne(em, standing.id, id) };
  }

  /**
   * Merges the sent fields of the rule's kind into the stored ones and checks the result as create
   * would; lists sent replace the stored ones. A different `type` is refused: the kind is fixed.
   */
  async update(
    actor: Actor,
    alertRuleId: string,
    ruleId: string,
    input: BehaviorRuleUpdateInput,
  ): Promise<BehaviorRuleWriteResult> {
    const em = this.deps.orm.em.fork();
    const standing = await standingOnRule(em, actor, alertRuleId);
    assertCanAdministerRule(actor, standing);
    const current = await this.loadOne(em, standing.id, ruleId);
    if (input.type !== undefined && input.type !== current.type) {
      throw validationFailed({ type: ['The type of a behavior rule cannot be changed.'] });
    }
    const sent = Object.fromEntries(
      (['name', ...KIND_FIELDS[current.type]] as const).flatMap((key) =>
        input[key] === undefined ? [] : [[key, input[key]]],
      ),
    );
    const checked = checkBehaviorRule(
      current.type,
      { ...storedFields(current), ...sent },
      this.deps.checkTemplate,
    );
    const attached = {
      endpointIds: new Set('endpointIds' in current ? current.endpointIds : []),
      dependencies: new Set('dependsOnAlertRuleIds' in current ? current.dependsOnAlertRuleIds : []),
    };
    await this.assertReferences(em, actor, standing.id, checked, attached);
    await em.transactional(async (tx) => {
      if (checked.dependsOnAlertRuleIds.length > 0) {
        await lockForTransaction(tx, DEPENDENCY_LOCK);
        await assertNoDependencyCycle(tx, standing.id, checked.dependsOnAlertRuleIds);
      }
      await runSql(
        tx,
        sql`update alert_rule_behavior_rules
               set name = ${checked.name}, settings = ${JSON.stringify(checked.settings)}::jsonb, updated_at = ${new Date()}
             where id = ${current.id}`,
      );
      await runSql(tx, sql`delete from alert_rule_behavior_endpoints where behavior_rule_id = ${current.id}`);
      await runSql(
        tx,
        sql`delete from alert_rule_behavior_dependencies where behavior_rule_id = ${current.id}`,
      );
      await linkReferences(tx, current.id, checked);
    });
    return { status: true, rule: await this.readOne(em, standing.id, current.id) };
  }

  /** Answers the rule as it was. */
  async delete(actor: Actor, alertRuleId: string, ruleId: string): Promise<BehaviorRuleWriteResult> {
    const em = this.deps.orm.em.fork();
    const standing = await standingOnRule(em, actor, alertRuleId);
    assertCanAdministerRule(actor, standing);
    const rule = await this.loadOne(em, standing.id, ruleId);
    await em.transactional(async (tx) => {
      await lockAlertRule(tx, standing.id);
      await runSql(tx, sql`delete from alert_rule_behavior_rules where id = ${rule.id}`);
      await runSql(
        tx,
        sql`update alert_rules set has_behavior_rules =
              exists (select 1 from alert_rule_behavior_rules b where b.alert_rule_id = ${standing.id})
            where id = ${standing.id}`,
      );
    });
    return { status: true, rule };
  }

  private async assertReferences(
    em: EntityManager,
    actor: Actor,
    alertRuleId: string,
    checked: CheckedBehaviorRule,
    attached: { endpointIds: ReadonlySet<string>; dependencies: ReadonlySet<string> },
  ): Promise<void> {
    if (checked.endpointIds.length > 0) {
      await assertRuleReferences(
        em,
        actor,
        { endpointIds: checked.endpointIds },
        { attachedEndpointIds: attached.endpointIds },
      );
    }
    if (checked.dependsOnAlertRuleIds.length > 0) {
      await assertDependenciesSelectable(
        em,
        actor,
        alertRuleId,
        checked.dependsOnAlertRuleIds,
        attached.dependencies,
      );
    }
  }

  /** One behavior rule of the alert rule; one of another alert rule is not found here. */
  private loadOne(em: EntityManager, alertRuleId: string, ruleId: string): Promise<BehaviorRuleView> {
    return loadById(ruleId, 'Behavior rule', async (id) => {
      const [rule] = await readBehaviorRules(em, [alertRuleId], id);
      return rule ?? null;
    });
  }

  private async readOne(em: EntityManager, alertRuleId: string, ruleId: string): Promise<BehaviorRuleView> {
    const [rule] = await readBehaviorRules(em, [alertRuleId], ruleId);
    if (!rule) throw notFound('Behavior rule');
    return rule;
  }
}

/**
 * Orders writes to one alert rule's behavior rules, so `has_behavior_rules` is recomputed after a
 * concurrent create has committed, never from a snapshot taken before it.
 */
async function lockAlertRule(tx: EntityManager, alertRuleId: string): Promise<void> {
  await selectRows(tx, sql`select 1 from alert_rules where id = ${alertRuleId} for no key update`);
}

/** The stored fields of a rule, as a body would carry them. */
function storedFields(rule: BehaviorRuleView): Record<string, unknown> {
  const { id: _id, alertRuleId: _alertRuleId, createdAt: _c, updatedAt: _u, ...fields } = rule;
  return fields;
}

async function linkReferences(
  tx: EntityManager,
  ruleId: string,
  checked: CheckedBehaviorRule,
): Promise<void> {
  if (checked.endpointIds.length > 0) {
    await goneAsValidation(
      'endpointIds',
      'An endpoint was deleted meanwhile.',
      runSql(
        tx,
        sql`insert into alert_rule_behavior_endpoints (behavior_rule_id, endpoint_id)
            select distinct ${ruleId}::uuid, e.id from unnest(array[${checked.endpointIds}]::uuid[]) as e(id)`,
      ),
    );
  }
  if (checked.dependsOnAlertRuleIds.length > 0) {
    await goneAsValidation(
      'dependsOnAlertRuleIds',
      'An alert rule was deleted meanwhile.',
      runSql(
        tx,
        sql`insert into alert_rule_behavior_dependencies (behavior_rule_id, depends_on_rule_id)
            select distinct ${ruleId}::uuid, d.id from unnest(array[${checked.dependsOnAlertRuleIds}]::uuid[]) as d(id)`,
      ),
    );
  }
}

/**
 * The references were checked before the transaction; one deleted since then fails the link's
 * foreign key, which is the caller's input gone stale, not a fault of the service.
 */
async function goneAsValidation(field: string, message: string, write: Promise<unknown>): Promise<void> {
  try {
    await write;
  } catch (error) {
    if (isForeignKeyViolation(error)) throw validationFailed({ [field]: [message] });
    throw error;
  }
}
