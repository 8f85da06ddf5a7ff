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
// Stopped and closed: end here rather than when the event loop drains, which a channel's idle
// pooled connections (the SMTP channel keeps them up to 20 s) would hold, as the server ends.
process.exit(0);
