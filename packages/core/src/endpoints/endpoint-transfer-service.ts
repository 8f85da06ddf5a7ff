import { type EntityManager, LockMode, type MikroORM } from '@mikro-orm/core';
import type { Actor } from '../auth/actor';
import { Endpoint } from '../entities/endpoint.entity';
import { EndpointTransfer, type EndpointTransferStatus } from '../entities/endpoint-transfer.entity';
import { User } from '../entities/user.entity';
import { conflict, forbidden } from '../errors/domain-error';
import { loadById } from '../validation/find-by-id';
import { type EndpointTransferView, toEndpointTransferView } from './endpoint-transfer-view';

/** Which side of a pending hand-over the caller lists: offered to it, or by it. */
export type EndpointTransferDirection = 'incoming' | 'outgoing';

type Decision = 'accept' | 'decline' | 'cancel';

const DECIDED: Record<Decision, EndpointTransferStatus> = {
  accept: 'accepted',
  decline: 'declined',
  cancel: 'cancelled',
};

/**
 * Hand-overs of one endpoint from a member to another user. A member's `changeOwner` only offers:
 * the endpoint stays the giver's (and its sends count against the giver) until the receiver
 * accepts, so nobody can be handed endpoints, and what they cost, without consent.
 */
export class EndpointTransferService {
  constructor(private readonly deps: { orm: MikroORM }) {}

  /** The pending hand-overs offered to the caller (or, `outgoing`, offered by it), newest first. */
  async listPending(actor: Actor, direction: EndpointTransferDirection): Promise<EndpointTransferView[]> {
    const side = direction === 'incoming' ? { toUser: actor.userId } : { fromUser: actor.userId };
    const transfers = await this.deps.orm.em
      .fork()
      .find(
        EndpointTransfer,
        { ...side, status: 'pending' },
        { populate: ['endpoint'], orderBy: { createdAt: 'desc', id: 'desc' } },
      );
    return transfers.map((t) => toEndpointTransferView(t, t.endpoint));
  }

  /**
   * The receiver accepts (the endpoint becomes its own, if the giver still owns it) or declines;
   * the giver cancels. 404 for a hand-over the caller is no party to, 403 for the other party's
   * decision, 409 for one already decided.
   */
  async decide(actor: Actor, id: string, decision: Decision): Promise<EndpointTransferView> {
    const outcome = await this.deps.orm.em.fork().transactional(async (tx) => {
      const found = await this.loadOwnTransfer(tx, actor, id);
      // The endpoint row first, as `changeOwner` locks it, then the hand-over.
      const endpoint = await tx.findOneOrFail(
        Endpoint,
        { id: found.endpoint.id },
        { lockMode: LockMode.PESSIMISTIC_WRITE },
      );
      const transfer = await tx.findOneOrFail(
        EndpointTransfer,
        { id: found.id },
        { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true },
      );
      const decider = decision === 'cancel' ? transfer.fromUser.id : transfer.toUser.id;
      if (decider !== actor.userId) throw forbidden();
      if (transfer.status !== 'pending') throw conflict(`The transfer is already ${transfer.status}.`);
      const stale = decision === 'accept' && endpoint.owner.id !== transfer.fromUser.id;
      transfer.status = stale ? 'cancelled' : DECIDED[decision];
      transfer.decidedAt = new Date();
      if (decision === 'accept' && !stale) endpoint.owner = tx.getReference(User, transfer.toUser.id);
      return { stale, view: toEndpointTransferView(transfer, endpoint) };
    });
    // Committed as cancelled: the offer is void, not merely refused this once.
    if (outcome.stale) throw conflict('The endpoint no longer belongs to the user who offered it.');
    return outcome.view;
  }

  private loadOwnTransfer(em: EntityManager, actor: Actor, id: string): Promise<EndpointTransfer> {
    return loadById(id, 'Transfer', (i) =>
      em.findOne(EndpointTransfer, {
        id: i,
        $or: [{ toUser: actor.userId }, { fromUser: actor.userId }],
      }),
    );
  }
}

/** What `changeOwner` did: moved the endpoint at once, or offered it and left it with the giver. */
export type EndpointHandOver =
  | { pending: false }
  | { pending: true; transfer: { id: string; status: 'pending'; toUserId: string } };

/**
 * Inside the caller's transaction, with the endpoint row locked: voids the endpoint's pending
 * offer, then, when `offerTo` is given, records a new one to that user.
 */
export async function replacePendingTransfer(
  tx: EntityManager,
  endpoint: Endpoint,
  offerTo?: { fromUserId: string; toUserId: string },
): Promise<EndpointHandOver> {
  await tx.nativeUpdate(
    EndpointTransfer,
    { endpoint: endpoint.id, status: 'pending' },
    { status: 'cancelled', decidedAt: new Date() },
  );
  if (!offerTo) return { pending: false };
  const transfer = tx.create(EndpointTransfer, {
    endpoint,
    fromUser: tx.getReference(User, offerTo.fromUserId),
    toUser: tx.getReference(User, offerTo.toUserId),
    status: 'pending',
  });
  await tx.flush();
  return { pending: true, transfer: { id: transfer.id, status: 'pending', toUserId: offerTo.toUserId } };
}
