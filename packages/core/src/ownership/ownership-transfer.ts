import type { EntityManager } from '@mikro-orm/core';

/**
 * Moves what one user owns of one kind to another user, inside the caller's transaction, and
 * says how many records moved. Each owning feature (teams, endpoints, alert rules) registers
 * one, so user deletion and `changeOwner` never need to know the list.
 */
export interface OwnershipMover {
  /** Key in the result, e.g. `teams`, `alertRules`, `endpoints`. */
  kind: string;
  move(em: EntityManager, fromUserId: string, toUserId: string): Promise<number>;
}

export class OwnershipTransfer {
  private readonly movers: OwnershipMover[] = [];

  register(mover: OwnershipMover): void {
    if (this.movers.some((m) => m.kind === mover.kind))
      throw new Error(`Ownership mover ${mover.kind} registered twice`);
    this.movers.push(mover);
  }

  async moveAll(em: EntityManager, fromUserId: string, toUserId: string): Promise<Record<string, number>> {
    const moved: Record<string, number> = {};
    for (const mover of this.movers) moved[mover.kind] = await mover.move(em, fromUserId, toUserId);
    return moved;
  }
}
