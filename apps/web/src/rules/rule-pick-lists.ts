import { useQuery } from '@tanstack/react-query';
import { failureMessage } from '../forms/server-field-errors';
import { trpc } from '../trpc/client';

interface SourceList {
  meta: { sources: { id: string; name: string; error?: string }[] };
}

/** What a pick list read from data sources says about those that did not answer, in words. */
export function unreachableOf(list: SourceList | undefined, error: unknown): string | null {
  if (error) return `The data source could not be reached: ${failureMessage(error)}`;
  const failed = (list?.meta.sources ?? []).filter((source) => source.error);
  if (failed.length === 0) return null;
  return `Could not reach ${failed.map((source) => `${source.name} (${source.error})`).join(', ')}; the list shows what the others said.`;
}

const NO_RETRY = { retry: false, staleTime: 60_000 } as const;

/** The data sources a rule of this type may name (none for api and notification rules). */
export function useSourceOptions(type: string, wanted: boolean) {
  return useQuery({ ...trpc.dataSources.ofType.queryOptions({ type }), enabled: wanted, ...NO_RETRY });
}

/** Alert rule names defined in the first chosen data source (Prometheus or Grafana rulers). */
export function useExternalRuleNames(type: string, dataSourceId: string | undefined, wanted: boolean) {
  return useQuery({
    ...trpc.alertRules.createData.rules.queryOptions({ type, dataSourceId: dataSourceId ?? '' }),
    enabled: wanted && dataSourceId !== undefined,
    ...NO_RETRY,
  });
}

export function useLabelNames(wanted: boolean) {
  return useQuery({ ...trpc.alertRules.createData.labels.queryOptions(), enabled: wanted, ...NO_RETRY });
}

/** The pick lists a rule type's plugin reads from its data sources (Zabbix: hosts and actions), by the field they fill. */
export function useFormLists(type: string, wanted: boolean) {
  return useQuery({
    ...trpc.alertRules.createData.formOptions.queryOptions({ type }),
    enabled: wanted,
    ...NO_RETRY,
  });
}
