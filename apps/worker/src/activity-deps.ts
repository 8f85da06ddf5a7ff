import type { ActivityDeps } from '@oncall/workflows';

/**
 * The composition seam of the worker: the ports over the database (delivery log, provider chains,
 * instance resolution) and the channel plugins (sender). Until it is wired, the worker refuses to
 * start rather than run workflows whose activities would fail.
 */
export async function loadActivityDeps(): Promise<ActivityDeps> {
  throw new Error(
    'apps/worker: activity dependencies are not composed yet; wire the adapters in src/activity-deps.ts',
  );
}
