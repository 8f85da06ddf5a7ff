import { createActivities } from '@oncall/workflows';
import { loadActivityDeps } from './activity-deps';
import { workerOptionsFromEnv } from './options';
import { startWorker } from './start-worker';

const options = workerOptionsFromEnv(process.env);
const running = await startWorker({ ...options, activities: createActivities(await loadActivityDeps()) });
await running.finished;
