import type { EngineMetrics } from '@oncall/engine';
import { Counter, type Registry } from 'prom-client';

/**
 * The engine's counters on prom-client. Labels are lanes (page, email, chat), queue names and
 * outcomes: fixed sets, never ids, so no caller can grow the series.
 */
export function createEngineMetrics(registry: Registry): EngineMetrics {
  const attempts = new Counter({
    name: 'oncall_engine_delivery_attempts_total',
    help: 'Delivery attempts by lane (page: sms, call, OTP; email; chat) and outcome',
    labelNames: ['lane', 'outcome'] as const,
    registers: [registry],
  });
  const deliveries = new Counter({
    name: 'oncall_engine_deliveries_total',
    help: 'Finished deliveries by lane and outcome (delivered, failed after every provider config, cancelled)',
    labelNames: ['lane', 'outcome'] as const,
    registers: [registry],
  });
  const failovers = new Counter({
    name: 'oncall_engine_failovers_total',
    help: 'Deliveries that moved on to the next provider config of their chain (the backup), by lane',
    labelNames: ['lane'] as const,
    registers: [registry],
  });
  const undeliverable = new Counter({
    name: 'oncall_undeliverable_pages_total',
    help: 'Deliveries that failed on every provider config of their endpoint: a page nobody received, by lane',
    labelNames: ['lane'] as const,
    registers: [registry],
  });
  const jobFailures = new Counter({
    name: 'oncall_engine_job_failures_total',
    help: 'Engine jobs whose handler threw, by queue, outcome (retried, failed for good) and cause',
    labelNames: ['queue', 'outcome', 'cause'] as const,
    registers: [registry],
  });
  return {
    attemptRecorded: (lane, outcome) => attempts.inc({ lane, outcome }),
    deliveryFinished: (lane, outcome) => {
      deliveries.inc({ lane, outcome });
      // The engine reports `failed` once every provider config of the chain has failed.
      if (outcome === 'failed') undeliverable.inc({ lane });
    },
    failedOver: (lane) => failovers.inc({ lane }),
    jobFailed: (queue, outcome, cause) => jobFailures.inc({ queue, outcome, cause }),
  };
}
