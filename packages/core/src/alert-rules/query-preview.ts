import type { SourceAlert } from '@oncall/plugin-sdk';

/** At most this many sources are asked and this many alerts shown: a preview, not a report. */
export const PREVIEW_MAX_SOURCES = 5;
export const PREVIEW_MAX_ALERTS = 20;
/** A preview waits no longer than this for a source, whatever the rule's own timing says. */
export const PREVIEW_TIMEOUT_MS = 10_000;

/** One data source's answer to a previewed query. */
export type QueryPreviewSource =
  | {
      id: string;
      name: string;
      /** How many alerts the query would fire now. */
      firing: number;
      /** The first of them, as the rule would fire them. */
      alerts: Pick<SourceAlert, 'name' | 'instance' | 'labels' | 'annotations' | 'details'>[];
      /** The run's check document: what was asked and what came back. */
      document: Record<string, unknown>;
    }
  | { id: string; name: string; error: string };

/** What a rule's query returns now, per data source, without saving or firing anything. */
export interface QueryPreview {
  sources: QueryPreviewSource[];
}

export const previewAlert = (alert: SourceAlert) => ({
  name: alert.name,
  ...(alert.instance !== undefined ? { instance: alert.instance } : {}),
  labels: { ...alert.labels },
  annotations: { ...alert.annotations },
  details: { ...alert.details },
});
