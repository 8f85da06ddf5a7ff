export { type WorkerOptions, workerOptionsFrom, workerOptionsSchema } from './options';
export { type RunningWorker, type StartWorkerOptions, startWorker } from './start-worker';
