import { type LegacyAlertRecord, type LegacyView, presentText } from '@oncall/plugin-sdk';

/** A detail this plugin stored as text, or `undefined`. */
function detail(record: LegacyAlertRecord, key: string): string | undefined {
  const value = record.details[key];
  return typeof value === 'string' ? presentText(value) : undefined;
}

/**
 * The original web UI's Sentry history row (`ISentryAlertHistory`), as Sentry's webhook said it:
 * an issue alert (`details.issueId`) is `action: 'triggered'` with the event's `title`, and
 * `data.event` and `data.triggered_rule`; a metric alert (`details.incident`) has its incident's
 * state as `action` (`critical`, `warning`, `resolved`) and `data.metric_alert`. Both carry `url`
 * (the issue or incident in Sentry), `message` and `data.{description_title, description_text,
 * web_url}`, which the UI reads for any row not `triggered`; a resolved issue alert (resolved here
 * by hand) is one of those.
 */
export const sentryLegacyView: LegacyView = {
  historyRow(record) {
    const url = detail(record, 'url') ?? record.link ?? '';
    const title = record.summary ?? record.name;
    const text = record.description ?? record.summary ?? '';
    const metric = detail(record, 'incident');
    const row = {
      dataSourceId: record.dataSource.id ?? '',
      dataSourceName: record.dataSource.name ?? '',
      dataSourceAlertName: record.name,
      title,
      message: text,
      url,
    };
    const described = { description_title: title, description_text: text, web_url: url };
    if (metric !== undefined) {
      return {
        ...row,
        action: record.state,
        data: {
          ...described,
          metric_alert: { identifier: metric, title: record.name, projects: detail(record, 'project') ?? '' },
        },
      };
    }
    return {
      ...row,
      action: record.status === 'firing' ? 'triggered' : 'resolved',
      data: {
        ...described,
        triggered_rule: record.name,
        event: {
          event_id: detail(record, 'eventId') ?? '',
          issue_id: detail(record, 'issueId') ?? '',
          project: detail(record, 'project') ?? '',
          level: detail(record, 'level') ?? '',
          culprit: record.instance ?? '',
          title,
          web_url: url,
        },
      },
    };
  },
};
