import type { EntityManager, MikroORM } from '@mikro-orm/core';
import { type AlertRuleTypeCatalog, alertRuleTypeFieldsSchema } from '@oncall/contracts';
import { armFiringInstances } from '../alert-lifecycle/arm-firing-instances';
import { autoResolveMinutesOf } from '../alert-lifecycle/auto-resolve-minutes';
import type { Actor } from '../auth/actor';
import {
  type ActiveMaintenance,
  activeMaintenance,
  type MaintenanceWindow,
} from '../behavior-rules/maintenance-window';
import type { SecretBox } from '../crypto/secret-box';
import { AlertRule } from '../entities/alert-rule.entity';
import { DataSource } from '../entities/data-source.entity';
import { Endpoint } from '../entities/endpoint.entity';
import { Team } from '../entities/team.entity';
import { User } from '../entities/user.entity';
import { forbidden, notFound, validationFailed } from '../errors/domain-error';
import { type Page, type PageQuery, pageOffset } from '../pagination/page';
import { queryRows } from '../persistence/query-rows';
import { runStatement } from '../persistence/run-statement';
import { type SqlFragment, selectRows, sql } from '../persistence/sql-fragment';
import { alertRulePolicy, assertCanAdministerRule } from '../policy/alert-rule-policy';
import type { CheckSchedule } from '../ports/check-schedule';
import { type Clock, systemClock } from '../ports/clock';
import type { Orchestrator } from '../ports/orchestrator';
import { assertRuleReferences } from '../rule-access/rule-references';
import { standingOnRule } from '../rule-access/rule-standing';
import { withUniqueField } from '../validation/unique-violation';
import { type AlertRuleFilter, narrowsRules, ruleFilterCondition } from './alert-rule-filter';
import {
  type AlertRuleCreateInput,
  type AlertRuleUpdateInput,
  checkedTypeFields,
  mergeTypeFields,
  storedTypeFields,
  type TypeFieldsSchema,
} from './alert-rule-input';
import { LIST_ORDER, ruleRows } from './alert-rule-rows';
import { assertUsableScheduleTargets, writeScheduleTargets } from './alert-rule-schedule-targets';
import {
  type AlertRuleRow,
  type AlertRuleView,
  type RuleEndpointRef,
  toAlertRuleView,
} from './alert-rule-view';
import { assertEndpointListFits } from './endpoint-cap';
import { leaveRule } from './leave-rule';
import type { QueryValidator, SaveWarning } from './query-validation';
import { hasRuleToken, issueRuleToken } from './rule-token';
import { isSingleSource } from './rule-type-catalog';
import { selectableEndpoints } from './selectable-endpoints';

export interface AlertRuleListQuery extends PageQuery, AlertRuleFilter {}

export interface AlertRuleDeleteResult {
  status: true;
  outcome: 'deleted' | 'accessRemoved';
  message: string;
}

const TAKEN = 'The name has already been taken.';

/**
 * Alert rules: create, read, update, delete, list with filters, pin and per-user silence. A rule's
 * type and type-specific fields are checked against the rule-type catalog, whatever face sent them.
 */
export class AlertRuleService {
  private readonly typeFields: TypeFieldsSchema;

  constructor(
    private readonly deps: {
      orm: MikroORM;
      secretBox: SecretBox;
      orchestrator: Orchestrator;
      /** The most endpoints one rule may page. */
      maxEndpointsPerRule: number;
      /** The rule types on offer and what each stores (`alertRuleTypeCatalog` of the plugins). */
      ruleTypes: AlertRuleTypeCatalog;
      /** Maintenance windows are in force or not by it. */
      clock?: Clock;
      /** Evaluated rules' schedule: a rule's read says how its last run went. */
      checks?: Pick<CheckSchedule, 'ruleStatus' | 'scheduleRule'>;
      /** Plugin rule types whose rules carry their own token too (heartbeats' ping URLs). */
      tokenRuleTypes?: ReadonlySet<string>;
      /** Asks a rule's data sources whether its query can run before it is saved. */
      queries?: Pick<QueryValidator, 'check'>;
    },
  ) {
    this.typeFields = alertRuleTypeFieldsSchema(deps.ruleTypes);
  }

  /** Rules the caller may see, pinned first, then newest first. */
  async list(actor: Actor, query: AlertRuleListQuery): Promise<Page<AlertRuleView>> {
    const em = this.deps.orm.em.fork();
    const where = ruleFilterCondition(actor, query);
    const { total, rows } = alertRulePolicy.seesEveryRule(actor)
      ? await this.pageOfAll(em, actor, where, query, narrowsRules(query))
      : await this.pageOfShared(em, actor, where, query);
    return {
      items: rows.map((row) => this.toView(row, actor)),
      total,
      page: query.page,
      perPage: query.perPage,
    };
  }

  async get(actor: Actor, id: string): Promise<AlertRuleView> {
    const em = this.deps.orm.em.fork();
    const standing = await standingOnRule(em, actor, id);
    return this.withEvaluation(await this.view(em, actor, standing.id));
  }

  /**
   * For a rule the service evaluates, how its runs go, with the last run's check document (REST's
   * one place for it since `triggered/{id}` answers the original UI's list); for a rule in a
   * maintenance window (a silent behavior rule's), which one and until when: its notifications are
   * held back meanwhile.
   */
  private async withEvaluation(view: AlertRuleView): Promise<AlertRuleView> {
    const evaluation = await this.deps.checks?.ruleStatus(view.id);
    const maintenance = await this.maintenanceOf(view.id);
    if (!evaluation && !maintenance) return view;
    return { ...view, ...(evaluation ? { evaluation } : {}), ...(maintenance ? { maintenance } : {}) };
  }

  private async maintenanceOf(ruleId: string): Promise<ActiveMaintenance | null> {
    const rows = await queryRows<{ id: string; name: string | null; maintenance: unknown }>(
      this.deps.orm.em.fork(),
      `select b.id, b.name, b.settings->'maintenance' as maintenance
         from alert_rules r join alert_rule_behavior_rules b on b.alert_rule_id = r.id
        where r.id = ? and r.has_behavior_rules and b.kind = 'silent' and b.settings->'maintenance' is not null
        order by b.id`,
      [ruleId],
    );
    const windows = rows.flatMap((row) => {
      const window = typeof row.maintenance === 'string' ? JSON.parse(row.maintenance) : row.maintenance;
      return window ? [{ id: row.id, name: row.name, window: window as MaintenanceWindow }] : [];
    });
    return activeMaintenance(windows, (this.deps.clock ?? systemClock).now().getTime());
  }

  /** Anyone signed in may create a rule; they own it. */
  async create(actor: Actor, input: AlertRuleCreateInput): Promise<AlertRuleView> {
    const em = this.deps.orm.em.fork();
    const { settings, dataSourceIds } = storedTypeFields(checkedTypeFields(this.typeFields, input));
    assertEndpointListFits(input.endpointIds, this.deps.maxEndpointsPerRule);
    await this.assertNameFree(em, input.name);
    await assertRuleReferences(
      em,
      actor,
      { userIds: input.userIds, teamIds: input.teamIds, endpointIds: input.endpointIds, dataSourceIds },
      { type: input.type, singleSource: isSingleSource(this.deps.ruleTypes, input.type) },
    );
    await assertUsableScheduleTargets(em, actor, input.scheduleTargets);
    const warnings = (await this.deps.queries?.check(input.type, settings, dataSourceIds)) ?? [];
    const token = hasRuleToken(input.type, this.deps.tokenRuleTypes)
      ? issueRuleToken(this.deps.secretBox)
      : undefined;
    const rule = em.create(AlertRule, {
      name: input.name,
      description: input.description ?? null,
      type: input.type,
      showAcknowledgeBtn: input.showAcknowledgeBtn,
      owner: em.getReference(User, actor.userId),
      settings,
      tags: input.tags,
      groupIntervalSeconds: input.groupInterval,
      groupBy: input.groupBy,
      repeatIntervalSeconds: input.repeatInterval,
      tokenHash: token?.tokenHash ?? null,
      sealedToken: token?.sealedToken ?? null,
    });
    rule.users.set(input.userIds.map((id) => em.getReference(User, id)));
    rule.teams.set(input.teamIds.map((id) => em.getReference(Team, id)));
    rule.endpoints.set(input.endpointIds.map((id) => em.getReference(Endpoint, id)));
    rule.dataSources.set(dataSourceIds.map((id) => em.getReference(DataSource, id)));
    await withUniqueField('name', TAKEN, () =>
      em.transactional(async (tx) => {
        await tx.flush();
        await writeScheduleTargets(tx, rule.id, input.scheduleTargets);
      }),
    );
    await this.deps.checks?.scheduleRule(rule.id);
    return withWarnings(await this.withEvaluation(await this.view(em, actor, rule.id)), warnings);
  }

  /** Admins only. Lists that are sent replace the current ones; what is left out stays. */
  async update(actor: Actor, id: string, input: AlertRuleUpdateInput): Promise<AlertRuleView> {
    const em = this.deps.orm.em.fork();
    const standing = await standingOnRule(em, actor, id);
    assertCanAdministerRule(actor, standing);
    if (input.type !== undefined && input.type !== standing.type) {
      throw validationFailed({ type: ['The type of an alert rule cannot be changed.'] });
    }
    if (input.endpointIds) assertEndpointListFits(input.endpointIds, this.deps.maxEndpointsPerRule);
    const rule = await em.findOneOrFail(
      AlertRule,
      { id: standing.id },
      { populate: ['users', 'teams', 'endpoints', 'dataSources'] },
    );
    const current = { settings: rule.settings, dataSourceIds: rule.dataSources.getItems().map((s) => s.id) };
    const next = mergeTypeFields(this.typeFields, rule.type, current, input);
    if (input.name !== undefined && input.name !== rule.name) await this.assertNameFree(em, input.name);
    const attachedEndpointIds = new Set(rule.endpoints.getItems().map((e) => e.id));
    await assertRuleReferences(
      em,
      actor,
      {
        userIds: input.userIds,
        teamIds: input.teamIds,
        endpointIds: input.endpointIds,
        dataSourceIds: next.dataSourceIds,
      },
      { type: rule.type, singleSource: isSingleSource(this.deps.ruleTypes, rule.type), attachedEndpointIds },
    );
    if (input.scheduleTargets) await assertUsableScheduleTargets(em, actor, input.scheduleTargets, rule.id);
    // Only a changed query or source list is asked about again: a rename must not wait on a source.
    const queryChanged =
      JSON.stringify(next.settings) !== JSON.stringify(current.settings) ||
      next.dataSourceIds.join() !== current.dataSourceIds.join();
    const warnings = queryChanged
      ? ((await this.deps.queries?.check(rule.type, next.settings, next.dataSourceIds)) ?? [])
      : [];
    if (input.name !== undefined) rule.name = input.name;
    if (input.description !== undefined) rule.description = input.description;
    if (input.showAcknowledgeBtn !== undefined) rule.showAcknowledgeBtn = input.showAcknowledgeBtn;
    if (input.tags !== undefined) rule.tags = input.tags;
    if (input.groupInterval !== undefined) rule.groupIntervalSeconds = input.groupInterval;
    if (input.groupBy !== undefined) rule.groupBy = input.groupBy;
    if (input.repeatInterval !== undefined) rule.repeatIntervalSeconds = input.repeatInterval;
    rule.settings = next.settings;
    if (input.userIds) rule.users.set(input.userIds.map((uid) => em.getReference(User, uid)));
    if (input.teamIds) rule.teams.set(input.teamIds.map((tid) => em.getReference(Team, tid)));
    if (input.endpointIds) rule.endpoints.set(input.endpointIds.map((eid) => em.getReference(Endpoint, eid)));
    rule.dataSources.set(next.dataSourceIds.map((sid) => em.getReference(DataSource, sid)));
    const startsAutoResolve =
      autoResolveMinutesOf(rule.type, current.settings) === null
        ? autoResolveMinutesOf(rule.type, next.settings)
        : null;
    await withUniqueField('name', TAKEN, () =>
      em.transactional(async (tx) => {
        await tx.flush();
        if (input.scheduleTargets) await writeScheduleTargets(tx, rule.id, input.scheduleTargets);
        // Instances already firing get their timers now, not only from their next episode.
        if (startsAutoResolve !== null) {
          await armFiringInstances(tx, this.deps.orchestrator, rule.id, startsAutoResolve);
        }
      }),
    );
    await this.deps.checks?.scheduleRule(rule.id);
    return withWarnings(await this.withEvaluation(await this.view(em, actor, rule.id)), warnings);
  }

  /**
   * Admins delete the rule. Anyone else only leaves it: their share and the endpoints they own are
   * taken off the rule, which stays for everyone else.
   */
  async delete(actor: Actor, id: string): Promise<AlertRuleDeleteResult> {
    const em = this.deps.orm.em.fork();
    const standing = await standingOnRule(em, actor, id);
    if (standing.canAdminister) {
      await em.nativeDelete(AlertRule, { id: standing.id });
      return { status: true, outcome: 'deleted', message: 'The alert rule was deleted.' };
    }
    const left = await em.transactional((tx) => leaveRule(tx, actor, [standing.id]));
    if (left.length === 0) {
      throw forbidden(
        'You see this rule through a team; only an admin of the rule can remove the team from it.',
      );
    }
    return {
      status: true,
      outcome: 'accessRemoved',
      message: 'Your access and your endpoints were removed from the alert rule.',
    };
  }

  /** A global toggle; anyone who sees the rule may pin it. */
  async pin(actor: Actor, id: string): Promise<AlertRuleView> {
    const em = this.deps.orm.em.fork();
    const standing = await standingOnRule(em, actor, id);
    await runStatement(em, 'update alert_rules set pinned = not pinned where id = ?', [standing.id]);
    return this.view(em, actor, standing.id);
  }

  /** Silence is per user: it toggles only the caller's own notifications of this rule. */
  async silent(actor: Actor, id: string): Promise<AlertRuleView> {
    const em = this.deps.orm.em.fork();
    const standing = await standingOnRule(em, actor, id);
    await em.transactional(async (tx) => {
      const removed = await runStatement(
        tx,
        'delete from alert_rule_silences where alert_rule_id = ? and user_id = ?',
        [standing.id, actor.userId],
      );
      if (removed === 0) {
        await runStatement(
          tx,
          'insert into alert_rule_silences (alert_rule_id, user_id) values (?, ?) on conflict do nothing',
          [standing.id, actor.userId],
        );
      }
    });
    return this.view(em, actor, standing.id);
  }

  /** The rule types on offer, in the catalog's order. */
  types(_actor: Actor): string[] {
    return [...this.deps.ruleTypes.keys()];
  }

  /** The endpoints the caller may filter by and select. */
  filterEndpoints(actor: Actor): Promise<RuleEndpointRef[]> {
    return selectableEndpoints(this.deps.orm.em.fork(), actor);
  }

  /**
   * Owner and manager roles list from the whole table: the page is read in list order straight
   * from its index while the count runs beside it on a second connection. Unfiltered, the total is
   * the trigger-kept counter: counting every rule was the largest cost of the plain list.
   */
  private async pageOfAll(
    em: EntityManager,
    actor: Actor,
    where: SqlFragment,
    query: PageQuery,
    filtered: boolean,
  ) {
    const [counted, rows] = await Promise.all([
      filtered
        ? selectRows<{ total: number }>(
            em,
            sql`select count(*)::int as total from alert_rules r where ${where}`,
          )
        : selectRows<{ total: number }>(em, sql`select total from alert_rule_totals where id = 1`),
      ruleRows(
        em,
        actor,
        sql`select r.id from alert_rules r where ${where}
          order by ${LIST_ORDER} limit ${query.perPage} offset ${pageOffset(query)}`,
      ),
    ]);
    return { total: counted[0]?.total ?? 0, rows };
  }

  /**
   * Anyone else sees a bounded set (its own and shared rules): working that set out is most of the
   * cost, so it is done once, and counted and paged in the same statement.
   */
  private async pageOfShared(em: EntityManager, actor: Actor, where: SqlFragment, query: PageQuery) {
    const picked = await selectRows<{ total: number; id: string | null }>(
      em,
      sql`with matched as materialized (
          select r.id, r.pinned, r.created_at from alert_rules r where ${where})
        select counted.total, page.id
          from (select count(*)::int as total from matched) as counted
          left join (select m.id from matched m
                      order by m.pinned desc, m.created_at desc, m.id desc
                      limit ${query.perPage} offset ${pageOffset(query)}) as page on true`,
    );
    const ids = picked.flatMap((row) => (row.id ? [row.id] : []));
    return { total: picked[0]?.total ?? 0, rows: await ruleRows(em, actor, sql`${ids}`) };
  }

  private async view(em: EntityManager, actor: Actor, id: string): Promise<AlertRuleView> {
    const [row] = await ruleRows(em, actor, sql`${id}::uuid`);
    if (!row) throw notFound('Alert rule');
    return this.toView(row, actor);
  }

  private toView(row: AlertRuleRow, actor: Actor): AlertRuleView {
    return toAlertRuleView(row, actor, this.deps.secretBox, isSingleSource(this.deps.ruleTypes, row.type));
  }

  private async assertNameFree(em: EntityManager, name: string): Promise<void> {
    if (await em.count(AlertRule, { name })) throw validationFailed({ name: [TAKEN] });
  }
}

/** A saved rule's view with what the save warned of; no `warnings` field when there is nothing. */
function withWarnings(view: AlertRuleView, warnings: readonly SaveWarning[]): AlertRuleView {
  return warnings.length > 0 ? { ...view, warnings: [...warnings] } : view;
}
