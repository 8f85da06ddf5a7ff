import type { MigrationObject } from '@mikro-orm/core';
import type { SecretBox } from '@oncall/core';
import { Migration20261122025059Initial } from './Migration20261122025059Initial';
import { Migration20261122031221NotificationEndpoints } from './Migration20261122031221NotificationEndpoints';
import { Migration20261122032434AlertRules } from './Migration20261122032434AlertRules';
import { Migration20261122032639AlertLifecycle } from './Migration20261122032639AlertLifecycle';
import { Migration20261122043427AlertRuleListIndexes } from './Migration20261122043427AlertRuleListIndexes';
import { Migration20261122053304AlertRuleTotal } from './Migration20261122053304AlertRuleTotal';
import { Migration20261122075739FireInOneStatement } from './Migration20261122075739FireInOneStatement';
import { Migration20261122082653AlertRuleStatePeriods } from './Migration20261122082653AlertRuleStatePeriods';
import { Migration20261122141849FiresInOneStatement } from './Migration20261122141849FiresInOneStatement';
import { Migration20261125104550AckLinkVia } from './Migration20261125104550AckLinkVia';
import { Migration20261125105241Retention } from './Migration20261125105241Retention';
import { sealedWebhookUrlsMigration } from './Migration20261125105856SealedWebhookUrls';
import { Migration20261126110041AlertRuleTypeUnchecked } from './Migration20261126110041AlertRuleTypeUnchecked';
import { Migration20261126110500DataSourceTypeFromPlugins } from './Migration20261126110500DataSourceTypeFromPlugins';
import { prometheusWebhookTokensMigration } from './Migration20261126110600PrometheusWebhookTokens';
import { Migration20261126111500ProviderConfigKinds } from './Migration20261126111500ProviderConfigKinds';
import { Migration20261126112000EndpointPluginDestinations } from './Migration20261126112000EndpointPluginDestinations';
import { Migration20261126140000InstanceExpiry } from './Migration20261126140000InstanceExpiry';
import { Migration20261126170000DataSourceConnectionOptions } from './Migration20261126170000DataSourceConnectionOptions';
import { Migration20261126171000ScheduledChecks } from './Migration20261126171000ScheduledChecks';
import { Migration20261126180000BehaviorRules } from './Migration20261126180000BehaviorRules';
import { Migration20261126190000BehaviorRulesTakeTheFullPath } from './Migration20261126190000BehaviorRulesTakeTheFullPath';
import { Migration20261126191000NotificationBehaviors } from './Migration20261126191000NotificationBehaviors';
import { Migration20261127002000LiveEventCursor } from './Migration20261127002000LiveEventCursor';
import { Migration20261127003000ReportingIndexes } from './Migration20261127003000ReportingIndexes';
import { Migration20261127005000EpisodeSummaries } from './Migration20261127005000EpisodeSummaries';
import { Migration20261127010000PagingOpeningsInOneStatement } from './Migration20261127010000PagingOpeningsInOneStatement';
import { Migration20261127020000InstanceStateIndexLeadsWithState } from './Migration20261127020000InstanceStateIndexLeadsWithState';
import { Migration20261128180000EndpointTransfers } from './Migration20261128180000EndpointTransfers';
import { Migration20261128200000StatusGroups } from './Migration20261128200000StatusGroups';
import { Migration20261128235304Heartbeats } from './Migration20261128235304Heartbeats';
import { Migration20261129030000UndeliverablePages } from './Migration20261129030000UndeliverablePages';
import { Migration20261129030404Zones } from './Migration20261129030404Zones';
import { Migration20261129031000UserIdentities } from './Migration20261129031000UserIdentities';
import { Migration20261129031500Schedules } from './Migration20261129031500Schedules';
import { Migration20261129062000ProviderConfigHealth } from './Migration20261129062000ProviderConfigHealth';
import { Migration20261129063000ScheduleSwaps } from './Migration20261129063000ScheduleSwaps';
import { Migration20261129064000DeliveryRecipients } from './Migration20261129064000DeliveryRecipients';
import { Migration20261129064500OnCallHistory } from './Migration20261129064500OnCallHistory';
import { Migration20261129093000NotificationGroups } from './Migration20261129093000NotificationGroups';
import { Migration20261129093700NotificationRules } from './Migration20261129093700NotificationRules';
import { Migration20261129095200RoundRobin } from './Migration20261129095200RoundRobin';
import { Migration20261129104000ShiftNotices } from './Migration20261129104000ShiftNotices';
import { Migration20261129131749RuleScheduleTargets } from './Migration20261129131749RuleScheduleTargets';
import { Migration20261129134952UserIcalFeeds } from './Migration20261129134952UserIcalFeeds';
import { legacyEndpointDestinationsMigration } from './Migration20261129161500LegacyEndpointDestinations';
import { Migration20261130070000RetentionAgeIndexes } from './Migration20261130070000RetentionAgeIndexes';

/**
 * Every migration, in order. Listed explicitly so the server never scans folders for them. Some
 * seal secrets stored in the clear, so the list is built with the service's `SecretBox`.
 */
export const migrationsList = (secretBox: SecretBox | undefined): MigrationObject[] => [
  { name: 'Migration20261122025059Initial', class: Migration20261122025059Initial },
  {
    name: 'Migration20261122031221NotificationEndpoints',
    class: Migration20261122031221NotificationEndpoints,
  },
  { name: 'Migration20261122032434AlertRules', class: Migration20261122032434AlertRules },
  { name: 'Migration20261122032639AlertLifecycle', class: Migration20261122032639AlertLifecycle },
  {
    name: 'Migration20261122043427AlertRuleListIndexes',
    class: Migration20261122043427AlertRuleListIndexes,
  },
  { name: 'Migration20261122053304AlertRuleTotal', class: Migration20261122053304AlertRuleTotal },
  {
    name: 'Migration20261122075739FireInOneStatement',
    class: Migration20261122075739FireInOneStatement,
  },
  {
    name: 'Migration20261122082653AlertRuleStatePeriods',
    class: Migration20261122082653AlertRuleStatePeriods,
  },
  {
    name: 'Migration20261122141849FiresInOneStatement',
    class: Migration20261122141849FiresInOneStatement,
  },
  { name: 'Migration20261125104550AckLinkVia', class: Migration20261125104550AckLinkVia },
  { name: 'Migration20261125105241Retention', class: Migration20261125105241Retention },
  {
    name: 'Migration20261125105856SealedWebhookUrls',
    class: sealedWebhookUrlsMigration(secretBox),
  },
  {
    name: 'Migration20261126110041AlertRuleTypeUnchecked',
    class: Migration20261126110041AlertRuleTypeUnchecked,
  },
  {
    name: 'Migration20261126110500DataSourceTypeFromPlugins',
    class: Migration20261126110500DataSourceTypeFromPlugins,
  },
  {
    name: 'Migration20261126110600PrometheusWebhookTokens',
    class: prometheusWebhookTokensMigration(secretBox),
  },
  { name: 'Migration20261126111500ProviderConfigKinds', class: Migration20261126111500ProviderConfigKinds },
  {
    name: 'Migration20261126112000EndpointPluginDestinations',
    class: Migration20261126112000EndpointPluginDestinations,
  },
  { name: 'Migration20261126140000InstanceExpiry', class: Migration20261126140000InstanceExpiry },
  {
    name: 'Migration20261126170000DataSourceConnectionOptions',
    class: Migration20261126170000DataSourceConnectionOptions,
  },
  { name: 'Migration20261126171000ScheduledChecks', class: Migration20261126171000ScheduledChecks },
  { name: 'Migration20261126180000BehaviorRules', class: Migration20261126180000BehaviorRules },
  {
    name: 'Migration20261126190000BehaviorRulesTakeTheFullPath',
    class: Migration20261126190000BehaviorRulesTakeTheFullPath,
  },
  {
    name: 'Migration20261126191000NotificationBehaviors',
    class: Migration20261126191000NotificationBehaviors,
  },
  { name: 'Migration20261127002000LiveEventCursor', class: Migration20261127002000LiveEventCursor },
  { name: 'Migration20261127003000ReportingIndexes', class: Migration20261127003000ReportingIndexes },
  { name: 'Migration20261127005000EpisodeSummaries', class: Migration20261127005000EpisodeSummaries },
  {
    name: 'Migration20261127010000PagingOpeningsInOneStatement',
    class: Migration20261127010000PagingOpeningsInOneStatement,
  },
  {
    name: 'Migration20261127020000InstanceStateIndexLeadsWithState',
    class: Migration20261127020000InstanceStateIndexLeadsWithState,
  },
  { name: 'Migration20261128180000EndpointTransfers', class: Migration20261128180000EndpointTransfers },
  { name: 'Migration20261128200000StatusGroups', class: Migration20261128200000StatusGroups },
  { name: 'Migration20261128235304Heartbeats', class: Migration20261128235304Heartbeats },
  { name: 'Migration20261129030000UndeliverablePages', class: Migration20261129030000UndeliverablePages },
  { name: 'Migration20261129030404Zones', class: Migration20261129030404Zones },
  { name: 'Migration20261129031000UserIdentities', class: Migration20261129031000UserIdentities },
  { name: 'Migration20261129031500Schedules', class: Migration20261129031500Schedules },
  { name: 'Migration20261129062000ProviderConfigHealth', class: Migration20261129062000ProviderConfigHealth },
  { name: 'Migration20261129063000ScheduleSwaps', class: Migration20261129063000ScheduleSwaps },
  { name: 'Migration20261129064000DeliveryRecipients', class: Migration20261129064000DeliveryRecipients },
  { name: 'Migration20261129064500OnCallHistory', class: Migration20261129064500OnCallHistory },
  { name: 'Migration20261129093000NotificationGroups', class: Migration20261129093000NotificationGroups },
  { name: 'Migration20261129093700NotificationRules', class: Migration20261129093700NotificationRules },
  { name: 'Migration20261129095200RoundRobin', class: Migration20261129095200RoundRobin },
  { name: 'Migration20261129104000ShiftNotices', class: Migration20261129104000ShiftNotices },
  { name: 'Migration20261129131749RuleScheduleTargets', class: Migration20261129131749RuleScheduleTargets },
  { name: 'Migration20261129134952UserIcalFeeds', class: Migration20261129134952UserIcalFeeds },
  {
    name: 'Migration20261129161500LegacyEndpointDestinations',
    class: legacyEndpointDestinationsMigration(secretBox),
  },
  { name: 'Migration20261130070000RetentionAgeIndexes', class: Migration20261130070000RetentionAgeIndexes },
];
