import type { EntityManager } from '@mikro-orm/core';
import type { Actor } from '../auth/actor';
import { DataSource } from '../entities/data-source.entity';
import { Endpoint } from '../entities/endpoint.entity';
import { isId } from '../entities/new-id';
import { Team } from '../entities/team.entity';
import { User } from '../entities/user.entity';
import { DomainError, type FieldErrors, validationFailed } from '../errors/domain-error';
import { visibleEndpoints } from '../policy/endpoint-policy';
import { assertIdsExist } from '../validation/existing-ids';

export interface RuleReferences {
  userIds?: readonly string[];
  teamIds?: readonly string[];
  endpointIds?: readonly string[];
  dataSourceIds?: readonly string[];
}

export interface ReferenceRules {
  /** The rule's type: data sources must be of the same type. */
  type?: string;
  /** The type names one data source: errors are reported at `dataSourceId`, as its body calls it. */
  singleSource?: boolean;
  /** Endpoints already on the rule stay selectable even when the caller cannot see them. */
  attachedEndpointIds?: ReadonlySet<string>;
  /** Where endpoint errors are reported (`endpointIds`, or `endpoints` for the batch body). */
  endpointField?: string;
  /** Only endpoints the caller owns, for callers who do not administer the rule. */
  ownEndpointsOnly?: boolean;
}

/**
 * Checks every referenced record at once and reports each bad entry at its own path
 * (`endpointIds.2`): users and teams must exist, endpoints must exist and be visible to the
 * caller, data sources must exist and be of the rule's type.
 */
export async function assertRuleReferences(
  em: EntityManager,
  actor: Actor,
  refs: RuleReferences,
  rules: ReferenceRules = {},
): Promise<void> {
  const errors: FieldErrors = {};
  const collect = async (check: () => Promise<void>) => {
    try {
      await check();
    } catch (error) {
      if (!(error instanceof DomainError) || !error.fieldErrors) throw error;
      Object.assign(errors, error.fieldErrors);
    }
  };
  if (refs.userIds?.length)
    await collect(() => assertIdsExist(em, User, 'userIds', refs.userIds ?? [], 'user'));
  if (refs.teamIds?.length)
    await collect(() => assertIdsExist(em, Team, 'teamIds', refs.teamIds ?? [], 'team'));
  if (refs.endpointIds?.length) {
    Object.assign(errors, await endpointErrors(em, actor, refs.endpointIds, rules));
  }
  if (refs.dataSourceIds?.length && rules.type) {
    const single = rules.singleSource ?? false;
    Object.assign(errors, await dataSourceErrors(em, rules.type, single, refs.dataSourceIds));
  }
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
}

async function endpointErrors(
  em: EntityManager,
  actor: Actor,
  ids: readonly string[],
  rules: ReferenceRules,
): Promise<FieldErrors> {
  const attached = rules.attachedEndpointIds ?? new Set<string>();
  const wanted = [...new Set(ids.filter((id) => isId(id) && !attached.has(id)))];
  const selectable = rules.ownEndpointsOnly ? { owner: actor.userId } : visibleEndpoints(actor);
  const found =
    wanted.length > 0
      ? await em.find(Endpoint, { $and: [{ id: { $in: wanted } }, selectable] }, { fields: ['id'] })
      : [];
  const ok = new Set([...attached, ...found.map((e) => e.id)]);
  const field = rules.endpointField ?? 'endpointIds';
  const message = rules.ownEndpointsOnly
    ? 'Only your own endpoints can be added to a rule you do not administer.'
    : 'The selected endpoint is invalid.';
  return Object.fromEntries(
    ids.flatMap((id, index) => (ok.has(id) ? [] : [[`${field}.${index}`, [message]]])),
  );
}

async function dataSourceErrors(
  em: EntityManager,
  type: string,
  singleSource: boolean,
  ids: readonly string[],
): Promise<FieldErrors> {
  const wanted = [...new Set(ids.filter(isId))];
  const found =
    wanted.length > 0 ? await em.find(DataSource, { id: { $in: wanted } }, { fields: ['id', 'type'] }) : [];
  const ofType = new Set(found.filter((s) => s.type === type).map((s) => s.id));
  const message = `The selected data source is invalid: it must be a ${type} data source.`;
  const pathOf = (index: number) => (singleSource ? 'dataSourceId' : `dataSourceIds.${index}`);
  return Object.fromEntries(ids.flatMap((id, index) => (ofType.has(id) ? [] : [[pathOf(index), [message]]])));
}
