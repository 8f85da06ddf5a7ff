import type { Team } from '../entities/team.entity';

export interface TeamMemberView {
  id: string;
  username: string;
  name: string;
}

export interface TeamView {
  id: string;
  name: string;
  description: string | null;
  ownerId: string;
  owner: TeamMemberView;
  userIds: string[];
  users: TeamMemberView[];
  createdAt: string;
  updatedAt: string;
}

/** Expects `owner` and `members` populated. */
export function toTeamView(team: Team): TeamView {
  const member = (u: { id: string; username: string; name: string }) => ({
    id: u.id,
    username: u.username,
    name: u.name,
  });
  const users = team.members.getItems().map(member);
  return {
    id: team.id,
    name: team.name,
    description: team.description ?? null,
    ownerId: team.owner.id,
    owner: member(team.owner),
    userIds: users.map((u) => u.id),
    users,
    createdAt: team.createdAt.toISOString(),
    updatedAt: team.updatedAt.toISOString(),
  };
}
