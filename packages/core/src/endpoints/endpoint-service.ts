import { type EntityManager, type FilterQuery, LockMode, type MikroORM } from '@mikro-orm/core';
import { type EndpointCatalog, typeChoiceMessage } from '@oncall/contracts';
import type { Actor } from '../auth/actor';
import type { SecretBox } from '../crypto/secret-box';
import { Endpoint } from '../entities/endpoint.entity';
import { Team } from '../entities/team.entity';
import { User } from '../entities/user.entity';
import { validationFailed } from '../errors/domain-error';
import { assertNotCopied } from '../main-copies/main-copies';
import type { OtpService } from '../otp/otp-service';
import { otpRejected } from '../otp/otp-verdict';
import type { OwnershipMover } from '../ownership/ownership-transfer';
import { type Page, type PageQuery, pageOffset } from '../pagination/page';
import { containsPattern } from '../persistence/contains-pattern';
import { queryRows } from '../persistence/query-rows';
import type { PluginRegistry } from '../plugins/plugin-registry';
import { assertCanManageEndpoint, endpointPolicy, visibleEndpoints } from '../policy/endpoint-policy';
import { assertIdExists, assertIdsExist } from '../validation/existing-ids';
import { loadById } from '../validation/find-by-id';
import { endpointCatalogOf } from './endpoint-catalog';
import { type EndpointInput, isFlowInput } from './endpoint-input';
import { resolveTarget } from './endpoint-target';
import { type EndpointHandOver, replacePendingTransfer } from './endpoint-transfer-service';
import { type EndpointView, toEndpointView } from './endpoint-view';
import { assertUsableFlowSteps } from './flow-step-check';
import type { StoredPluginDestination } from './plugin-destination';

export interface EndpointListQuery extends PageQuery {
  name?: string;
}

const POPULATE = ['accessUsers', 'accessTeams'] as const;
const ORDER = { name: 'asc', id: 'asc' } as const;

/**
 * A destination the user must prove it controls, with a one-time code, before alerts go there: the
 * `value` of an endpoint whose type's channels carry codes (`capabilities.otp`).
 */
interface VerifiedDestination {
  channel: string;
  destination: string;
  otpCode: string | undefined;
}

export class EndpointService {
  private readonly catalog: EndpointCatalog;

  constructor(
    private readonly deps: { orm: MikroORM; secretBox: SecretBox; otp: OtpService; plugins: PluginRegistry },
  ) {
    this.catalog = endpointCatalogOf(deps.plugins);
  }

  list(actor: Actor, query: EndpointListQuery): Promise<Page<EndpointView>> {
    return this.page(actor, query, {});
  }

  /** A page of the flow endpoints the actor sees (`indexFlow` asked for a page). */
  flowPage(actor: Actor, query: EndpointListQuery): Promise<Page<EndpointView>> {
    return this.page(actor, query, { type: 'flow' });
  }

  private async page(
    actor: Actor,
    query: EndpointListQuery,
    kind: FilterQuery<Endpoint>,
  ): Promise<Page<EndpointView>> {
    const visible = { $and: [visibleEndpoints(actor), kind] };
    const where = query.name
      ? { $and: [visible, { name: { $ilike: containsPattern(query.name) } }] }
      : visible;
    const [endpoints, total] = await this.deps.orm.em.fork().findAndCount(Endpoint, where, {
      populate: POPULATE,
      orderBy: ORDER,
      limit: query.perPage,
      offset: pageOffset(query),
    });
    return {
      items: endpoints.map((e) => this.view(e, actor)),
      total,
      page: query.page,
      perPage: query.perPage,
    };
  }

  /** The flow endpoints the actor sees. */
  indexFlow(actor: Actor): Promise<EndpointView[]> {
    return this.all(actor, { type: 'flow' });
  }

  /** The endpoints the actor may put in a flow's steps: those it sees, flows excepted. */
  flowStepCandidates(actor: Actor): Promise<EndpointView[]> {
    return this.all(actor, { type: { $ne: 'flow' } });
  }

  async get(actor: Actor, id: string): Promise<EndpointView> {
    return this.view(await this.loadVisible(this.deps.orm.em.fork(), actor, id), actor);
  }

  async create(actor: Actor, input: EndpointInput): Promise<EndpointView> {
    this.assertServedType(input.type);
    const target = resolveTarget(input, undefined, this.deps.secretBox, this.catalog);
    const proof = this.verified(input, target);
    if (proof) requireCode(proof);
    const outcome = await this.deps.orm.em.fork().transactional(async (tx) => {
      await this.assertReferences(tx, actor, input);
      if (proof) {
        const verdict = await this.redeem(tx, actor, proof);
        if (verdict !== 'accepted') return { rejected: verdict };
      }
      const endpoint = tx.create(Endpoint, {
        name: input.name,
        type: input.type,
        ...target,
        owner: tx.getReference(User, actor.userId),
      });
      this.share(tx, endpoint, input);
      return { endpoint };
    });
    if (outcome.rejected) throw otpRejected(outcome.rejected);
    return this.view(outcome.endpoint, actor);
  }

  /**
   * The type is fixed at creation. A new destination for an endpoint of a verified type (sms, call,
   * email) needs a code for the new value; a rename or a change of sharing does not.
   */
  async update(actor: Actor, id: string, input: EndpointInput): Promise<EndpointView> {
    const outcome = await this.deps.orm.em.fork().transactional(async (tx) => {
      const endpoint = await this.loadManaged(tx, actor, id);
      if (input.type !== endpoint.type) {
        throw validationFailed({ type: ['The type of an endpoint cannot be changed.'] });
      }
      this.assertServedType(input.type);
      await this.assertReferences(tx, actor, input);
      const target = resolveTarget(input, endpoint, this.deps.secretBox, this.catalog);
      const proof = this.verified(input, target);
      if (proof && proof.destination !== this.verified(input, endpoint)?.destination) {
        requireCode(proof);
        const verdict = await this.redeem(tx, actor, proof);
        if (verdict !== 'accepted') return { rejected: verdict };
      }
      tx.assign(endpoint, { name: input.name, ...target });
      this.share(tx, endpoint, input);
      return { endpoint };
    });
    if (outcome.rejected) throw otpRejected(outcome.rejected);
    return this.view(outcome.endpoint, actor);
  }

  /**
   * Returns the deleted record. An endpoint a flow still pages is refused (422 naming the flows)
   * rather than cut out of them behind their owners' backs. The row is locked first; a flow being
   * written holds its steps' rows shared (see `assertUsableFlowSteps`), so it either commits before
   * the check and is counted, or finds the endpoint gone.
   */
  async delete(actor: Actor, id: string): Promise<EndpointView> {
    return this.deps.orm.em.fork().transactional(async (tx) => {
      const endpoint = await this.loadManaged(tx, actor, id);
      await tx.lock(endpoint, LockMode.PESSIMISTIC_WRITE);
      const flows = await queryRows<{ name: string }>(
        tx,
        `select name from endpoints where type = 'flow'
          and steps @> jsonb_build_array(jsonb_build_object('endpointIds', jsonb_build_array(?::text)))
          order by name`,
        [endpoint.id],
      );
      if (flows.length > 0) throw validationFailed({ id: [usedByFlowsMessage(flows.map((f) => f.name))] });
      const view = this.view(endpoint, actor);
      tx.remove(endpoint);
      return view;
    });
  }

  /**
   * Hands one endpoint to another user; the previous owner keeps no access unless it is shared.
   * An owner or manager (an admin) moves it at once. Anyone else only offers it: the endpoint stays
   * the giver's until the receiver accepts (`EndpointTransferService`), and a new offer replaces
   * the pending one.
   */
  async changeOwner(actor: Actor, id: string, userId: string): Promise<EndpointView & EndpointHandOver> {
    const outcome = await this.deps.orm.em.fork().transactional(async (tx) => {
      const endpoint = await this.loadManaged(tx, actor, id);
      await assertIdExists(tx, User, 'userId', userId, 'user');
      await tx.lock(endpoint, LockMode.PESSIMISTIC_WRITE);
      const fromUserId = endpoint.owner.id;
      const atOnce = endpointPolicy.seesEverything(actor) || userId === fromUserId;
      const handOver = await replacePendingTransfer(
        tx,
        endpoint,
        atOnce ? undefined : { fromUserId, toUserId: userId },
      );
      if (atOnce) endpoint.owner = tx.getReference(User, userId);
      return { endpoint, handOver };
    });
    return { ...this.view(outcome.endpoint, actor), ...outcome.handOver };
  }

  private async all(actor: Actor, where: FilterQuery<Endpoint>): Promise<EndpointView[]> {
    const endpoints = await this.deps.orm.em
      .fork()
      .find(Endpoint, { $and: [visibleEndpoints(actor), where] }, { populate: POPULATE, orderBy: ORDER });
    return endpoints.map((e) => this.view(e, actor));
  }

  /** 404 for an endpoint the actor cannot see, as for one that does not exist. */
  private loadVisible(em: EntityManager, actor: Actor, id: string): Promise<Endpoint> {
    return loadById(id, 'Endpoint', (i) =>
      em.findOne(Endpoint, { $and: [{ id: i }, visibleEndpoints(actor)] }, { populate: POPULATE }),
    );
  }

  /** 404 when invisible, 403 when visible but not the actor's to change. */
  private async loadManaged(em: EntityManager, actor: Actor, id: string): Promise<Endpoint> {
    const endpoint = await this.loadVisible(em, actor, id);
    assertCanManageEndpoint(actor, { ownerId: endpoint.owner.id });
    await assertNotCopied(em, 'endpoints', id, 'This endpoint');
    return endpoint;
  }

  private async assertReferences(em: EntityManager, actor: Actor, input: EndpointInput): Promise<void> {
    if (input.accessUserIds) await assertIdsExist(em, User, 'accessUserIds', input.accessUserIds, 'user');
    if (input.accessTeamIds) await assertIdsExist(em, Team, 'accessTeamIds', input.accessTeamIds, 'team');
    if (isFlowInput(input)) await assertUsableFlowSteps(em, actor, input.steps);
  }

  /** A type no loaded plugin serves (any more) is refused, as the faces refuse it. */
  private assertServedType(type: string): void {
    if (!this.catalog.types.includes(type)) {
      throw validationFailed({ type: [typeChoiceMessage(this.catalog.types)] });
    }
  }

  /** The destination a verified type's input or stored endpoint names; undefined for other types. */
  private verified(input: EndpointInput, target: StoredPluginDestination): VerifiedDestination | undefined {
    if (!this.catalog.otpTypes.includes(input.type)) return undefined;
    const value = target.destination?.value;
    return {
      channel: input.type,
      destination: typeof value === 'string' ? value : '',
      otpCode: 'otpCode' in input && typeof input.otpCode === 'string' ? input.otpCode : undefined,
    };
  }

  /** Sharing left out of an update stays as it is. */
  private share(em: EntityManager, endpoint: Endpoint, input: EndpointInput): void {
    if (input.accessUserIds)
      endpoint.accessUsers.set(input.accessUserIds.map((i) => em.getReference(User, i)));
    if (input.accessTeamIds)
      endpoint.accessTeams.set(input.accessTeamIds.map((i) => em.getReference(Team, i)));
  }

  private redeem(em: EntityManager, actor: Actor, proof: VerifiedDestination) {
    const { channel, destination } = proof;
    return this.deps.otp.redeem(em, { userId: actor.userId, channel, destination }, requireCode(proof));
  }

  private view(endpoint: Endpoint, viewer: Actor): EndpointView {
    return toEndpointView(endpoint, this.deps.secretBox, viewer, this.catalog);
  }
}

const NAMED_FLOWS = 5;

function usedByFlowsMessage(names: string[]): string {
  const shown = names.slice(0, NAMED_FLOWS).join(', ');
  const more = names.length > NAMED_FLOWS ? `, and ${names.length - NAMED_FLOWS} more` : '';
  const flows = `${names.length} flow endpoint${names.length === 1 ? '' : 's'}`;
  return `The endpoint is a step of ${flows} (${shown}${more}); remove it from them first.`;
}

function requireCode(proof: VerifiedDestination): string {
  if (!proof.otpCode) throw validationFailed({ otpCode: ['The otp code field is required.'] });
  return proof.otpCode;
}

/** Endpoints a deleted or departing user owned go to the new owner; sharing is left as it is. */
export const endpointOwnershipMover: OwnershipMover = {
  kind: 'endpoints',
  move: (em, fromUserId, toUserId) => em.nativeUpdate(Endpoint, { owner: fromUserId }, { owner: toUserId }),
};
