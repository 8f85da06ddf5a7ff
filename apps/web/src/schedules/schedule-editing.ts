import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifyDone, notifyFailure } from '../forms/notify';
import { trpc } from '../trpc/client';
import { bodyOf, type ScheduleDraft } from './schedule-draft';

/** Saving and deleting a schedule, and refreshing what shows it (the list, its page, its calendar). */
export function useScheduleEditing({ onDeleted }: { onDeleted?: () => void } = {}) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.schedules.pathKey() });
  const create = useMutation(trpc.schedules.create.mutationOptions({ onSuccess: refresh }));
  const update = useMutation(trpc.schedules.update.mutationOptions({ onSuccess: refresh }));
  const remove = useMutation(
    trpc.schedules.delete.mutationOptions({
      onSuccess: (deleted) => {
        notifyDone(`${deleted.name} was deleted.`);
        onDeleted?.();
      },
      onError: (error) => notifyFailure('Delete', error),
      onSettled: refresh,
    }),
  );
  /** Creates (no id) or updates; the caller closes its dialog when this resolves. */
  const save = async (id: string | null, draft: ScheduleDraft) => {
    const body = bodyOf(draft);
    const saved = id ? await update.mutateAsync({ id, data: body }) : await create.mutateAsync(body);
    notifyDone(`${saved.name} was saved.`);
    return saved;
  };
  return { save, remove };
}
