import { useQuery } from '@tanstack/react-query';
import { trpc } from '../trpc/client';

/** The pick lists a schedule's forms use: teams and people, with names for the calendar's layers. */
export function useScheduleOptions() {
  const teams = useQuery(trpc.teams.all.queryOptions());
  const users = useQuery(trpc.users.all.queryOptions());
  const userOptions = (users.data ?? []).map((user) => ({
    value: user.id,
    label: user.name ? `${user.name} (${user.username})` : user.username,
  }));
  const teamOptions = (teams.data ?? []).map((team) => ({ value: team.id, label: team.name }));
  const names = new Map((users.data ?? []).map((user) => [user.id, user.name || user.username]));
  const teamNames = new Map(teamOptions.map((team) => [team.value, team.label]));
  return { userOptions, teamOptions, names, teamNames };
}
