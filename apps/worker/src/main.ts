import { loadConfig } from '@oncall/config';
import { createActivities } from '@oncall/workflows';
import { loadActivityDeps } from './activity-deps';
import { workerOptionsFromEnv } from './options';
import { startWorker } from './start-worker';

const options = workerOptionsFromEnv(process.env);
const composed = await loadActivityDeps(loadConfig());
try {
  const running = await startWorker({ ...options, activities: createActivities(composed.deps) });
  await running.finished;
} finally {
  await composed.close();
}
