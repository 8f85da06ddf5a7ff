import type { EndpointTransfer, EndpointTransferStatus } from '../entities/endpoint-transfer.entity';

/**
 * A hand-over as its two parties read it. The endpoint is named (name and type) so the receiver can
 * decide, never its destination: that stays the giver's until the receiver accepts.
 */
export interface EndpointTransferView {
  id: string;
  endpointId: string;
  endpointName: string;
  endpointType: string;
  fromUserId: string;
  toUserId: string;
  status: EndpointTransferStatus;
  createdAt: string;
  decidedAt: string | null;
}

export function toEndpointTransferView(
  transfer: EndpointTransfer,
  endpoint: { id: string; name: string; type: string },
): EndpointTransferView {
  return {
    id: transfer.id,
    endpointId: endpoint.id,
    endpointName: endpoint.name,
    endpointType: endpoint.type,
    fromUserId: transfer.fromUser.id,
    toUserId: transfer.toUser.id,
    status: transfer.status,
    createdAt: transfer.createdAt.toISOString(),
    decidedAt: transfer.decidedAt?.toISOString() ?? null,
  };
}
