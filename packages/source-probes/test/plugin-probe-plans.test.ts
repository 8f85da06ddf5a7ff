import type { AnySourceDefinition, ProbePlan } from '@oncall/plugin-sdk';
import elastic from '@oncall/source-elastic';
import grafana from '@oncall/source-grafana';
import metabase from '@oncall/source-metabase';
import pmm from '@oncall/source-pmm';
import prometheus from '@oncall/source-prometheus';
import sentry from '@oncall/source-sentry';
import splunk from '@oncall/source-splunk';
import victoriaLogs from '@oncall/source-victoria-logs';
import zabbix from '@oncall/source-zabbix';
import { describe, expect, it } from 'vitest';
import { PROBE_PLANS } from './probe-plans-before-plugins';

// Compat: the prober runs the source plugins' `probe`. It must be the plan the prober ran per type
// before, so that running it instead changes no status check.

const SOURCES: readonly AnySourceDefinition[] = [
  grafana,
  pmm,
  prometheus,
  sentry,
  splunk,
  zabbix,
  elastic,
  victoriaLogs,
  metabase,
];

/** A plan as data; `accept` is compared by what it says of sample answers. */
const comparable = (plan: ProbePlan | undefined) =>
  plan && {
    ...plan,
    steps: plan.steps.map(({ accept, query, ...step }) => ({
      ...step,
      query: query ?? {},
      accepts: accept && [{ result: '7.0.0' }, { error: { code: -32602 } }, { result: 7 }, null].map(accept),
    })),
  };

describe('source plugin probes', () => {
  it.each(SOURCES.map((plugin) => [plugin.id, plugin] as const))(
    '%s probes as the prober does today',
    (_id, plugin) => {
      const today = PROBE_PLANS[plugin.dataSourceType as keyof typeof PROBE_PLANS];
      expect(today).toBeDefined();
      expect(comparable(plugin.probe)).toEqual(comparable(today));
    },
  );
});
