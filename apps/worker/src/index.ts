export { type WorkerOptions, workerOptionsFromEnv, workerOptionsSchema } from './options';
export { type RunningWorker, type StartWorkerOptions, startWorker } from './start-worker';
