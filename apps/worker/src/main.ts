import { loadConfig } from '@oncall/config';
import { createActivities } from '@oncall/workflows';
import { loadActivityDeps } from './activity-deps';
import { workerOptionsFrom } from './options';
import { startWorker } from './start-worker';

const config = loadConfig();
const options = workerOptionsFrom(config);
const composed = await loadActivityDeps(config);
try {
  const running = await startWorker({ ...options, activities: createActivities(composed.deps) });
  await running.finished;
} finally {
  await composed.close();
}
