import { type EntityManager, LockMode } from '@mikro-orm/core';
import type { Actor } from '../auth/actor';
import { Endpoint, type FlowStep } from '../entities/endpoint.entity';
import { isId } from '../entities/new-id';
import { type FieldErrors, validationFailed } from '../errors/domain-error';
import { queryRows } from '../persistence/query-rows';
import { visibleEndpoints } from '../policy/endpoint-policy';

/**
 * Every endpoint a flow pages must exist, be visible to whoever writes the flow, and not be a
 * flow itself (flows do not nest). Reported at `steps.<step>.endpointIds.<n>`; an endpoint the
 * actor cannot see gets the same message as a missing one, so ids cannot be probed. Runs inside
 * the transaction that writes the flow.
 */
export async function assertUsableFlowSteps(
  em: EntityManager,
  actor: Actor,
  steps: readonly FlowStep[],
): Promise<void> {
  const wanted = [
    ...new Set(steps.flatMap((step) => (step.type === 'endpoint' ? step.endpointIds : [])).filter(isId)),
  ];
  const found =
    wanted.length === 0
      ? []
      : await em.find(
          Endpoint,
          { $and: [{ id: { $in: wanted } }, visibleEndpoints(actor)] },
          // Held until the flow commits, so none of its endpoints can be deleted under it.
          { fields: ['type'], lockMode: LockMode.PESSIMISTIC_READ },
        );
  const typeById = new Map(found.map((endpoint) => [endpoint.id, endpoint.type]));
  const errors: FieldErrors = {};
  steps.forEach((step, stepIndex) => {
    if (step.type !== 'endpoint') return;
    step.endpointIds.forEach((id, index) => {
      const type = typeById.get(id);
      const path = `steps.${stepIndex}.endpointIds.${index}`;
      if (type === undefined) errors[path] = ['The selected endpoint is invalid.'];
      else if (type === 'flow') errors[path] = ['A flow cannot include another flow endpoint.'];
    });
  });
  Object.assign(errors, await unknownPeopleTargets(em, actor, steps));
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
}

const PEOPLE_FIELDS = { schedule: 'scheduleId', user: 'userId', team: 'teamId' } as const;

/** Rotation ids of any version in a schedule's stored layers (JSON as the schedules module keeps it). */
function rotationIdsOf(layers: unknown): Set<string> {
  const parsed: unknown = typeof layers === 'string' ? JSON.parse(layers) : layers;
  const ids = new Set<string>();
  if (!Array.isArray(parsed)) return ids;
  for (const layer of parsed as { rotations?: { id?: unknown }[] }[]) {
    for (const rotation of layer.rotations ?? []) if (typeof rotation.id === 'string') ids.add(rotation.id);
  }
  return ids;
}

/**
 * A people step must name a schedule the writer may use (the owner and manager roles, or its team's
 * people: others get the message of a missing one, as the schedule routes answer 404), an existing
 * user, or an existing team. Reported at `steps.<step>.scheduleId` (`userId`, `teamId`). The
 * schedules table is the schedules module's; it is read here, by id only, so the core need not
 * depend on that module.
 */
async function unknownPeopleTargets(
  em: EntityManager,
  actor: Actor,
  steps: readonly FlowStep[],
): Promise<FieldErrors> {
  const idsOf = (type: 'schedule' | 'user' | 'team') =>
    steps.flatMap((step) => {
      if ((step.type === 'schedule' || step.type === 'rotation') && type === 'schedule')
        return [step.scheduleId];
      if (step.type === 'user' && type === 'user') return [step.userId];
      if (step.type === 'team' && type === 'team') return [step.teamId];
      return [];
    });
  const existing = async (
    type: 'schedule' | 'user' | 'team',
    sql: (marks: string) => string,
    extra: unknown[],
  ) => {
    const ids = [...new Set(idsOf(type).filter(isId))];
    if (ids.length === 0) return new Set<string>();
    const rows = await queryRows<{ id: string }>(em, sql(ids.map(() => '?').join(', ')), [...ids, ...extra]);
    return new Set(rows.map((row) => row.id));
  };
  const everyTeam = actor.role === 'owner' || actor.role === 'manager';
  const found = {
    schedule: await existing(
      'schedule',
      (marks) =>
        `select s.id from schedules s join teams t on t.id = s.team_id
          where s.id in (${marks}) and (? or t.owner_id = ? or exists (
            select 1 from team_members m where m.team_id = t.id and m.user_id = ?))`,
      [everyTeam, actor.userId, actor.userId],
    ),
    user: await existing('user', (marks) => `select id from users where id in (${marks})`, []),
    team: await existing('team', (marks) => `select id from teams where id in (${marks})`, []),
  };
  const rotationSchedules = [
    ...new Set(steps.flatMap((step) => (step.type === 'rotation' ? [step.scheduleId] : []))),
  ].filter((id) => found.schedule.has(id));
  const rotations = new Map(
    rotationSchedules.length
      ? (
          await queryRows<{ id: string; layers: unknown }>(
            em,
            `select id, layers from schedules where id in (${rotationSchedules.map(() => '?').join(', ')})`,
            rotationSchedules,
          )
        ).map((row) => [row.id, rotationIdsOf(row.layers)])
      : [],
  );
  const errors: FieldErrors = {};
  steps.forEach((step, stepIndex) => {
    if (step.type === 'wait' || step.type === 'endpoint' || step.type === 'repeat') return;
    if (step.type === 'rotation') {
      if (!found.schedule.has(step.scheduleId))
        errors[`steps.${stepIndex}.scheduleId`] = ['The selected schedule is invalid.'];
      else if (!rotations.get(step.scheduleId)?.has(step.rotationId))
        errors[`steps.${stepIndex}.rotationId`] = ['The selected rotation is not in the schedule.'];
      return;
    }
    const field = PEOPLE_FIELDS[step.type];
    const id = step.type === 'schedule' ? step.scheduleId : step.type === 'user' ? step.userId : step.teamId;
    if (!found[step.type].has(id))
      errors[`steps.${stepIndex}.${field}`] = [`The selected ${step.type} is invalid.`];
  });
  return errors;
}
