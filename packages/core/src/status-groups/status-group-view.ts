import type { StatusGroup } from '../entities/status-group.entity';

export interface StatusGroupView {
  id: string;
  name: string;
  tags: string[];
  createdAt: string;
  updatedAt: string;
}

export function toStatusGroupView(group: StatusGroup): StatusGroupView {
  return {
    id: group.id,
    name: group.name,
    tags: [...group.tags],
    createdAt: group.createdAt.toISOString(),
    updatedAt: group.updatedAt.toISOString(),
  };
}
