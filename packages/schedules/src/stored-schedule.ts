import type { Layer, Override, Rotation, Schedule } from './model';

/** A rotation as stored: the resolver's shape plus the name people gave it. */
export interface StoredRotation extends Rotation {
  name: string | null;
}

export interface StoredLayer extends Omit<Layer, 'rotations'> {
  name: string | null;
  rotations: StoredRotation[];
}

/** A schedule row as the use cases read it. */
export interface StoredSchedule {
  id: string;
  teamId: string;
  name: string;
  timeZone: string;
  layers: StoredLayer[];
  overrides: Override[];
  hasIcalFeed: boolean;
  /** The chat endpoint told of each shift change; null: none. */
  noticeEndpointId: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** What the resolver needs of a stored schedule. */
export function toResolvable(stored: StoredSchedule): Schedule {
  return {
    id: stored.id,
    teamId: stored.teamId,
    timeZone: stored.timeZone,
    layers: stored.layers,
    overrides: stored.overrides,
  };
}
