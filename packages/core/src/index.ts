export type {
  AckLinkFacts,
  AckLinkOutcome,
  AckLinkView,
} from './alert-lifecycle/ack-link-acknowledgement';
export type {
  DataSourceName,
  FiringInstance,
  HistoryEntry,
  HistoryQuery,
} from './alert-lifecycle/alert-read-service';
export type { AlertSignal, SignalOutcome } from './alert-lifecycle/alert-signal';
export type { ApiAlertInput, IngestAnswer } from './alert-lifecycle/api-ingestion';
export { applySignal } from './alert-lifecycle/apply-signal';
export {
  type ArmedInstance,
  type ArmedInstanceReader,
  armedInstanceReader,
} from './alert-lifecycle/armed-instances';
export {
  type AutoResolveRequest,
  AutoResolver,
  type AutoResolverDeps,
} from './alert-lifecycle/auto-resolver';
export type { BatchCounts } from './alert-lifecycle/batch-facts';
export type { NextEscalation } from './alert-lifecycle/escalation-schedule';
export type { FiringNowEntry, FiringNowPage } from './alert-lifecycle/firing-now';
export type { FiringPages } from './alert-lifecycle/firing-pages';
export type { PageStatus, PageStatusKind } from './alert-lifecycle/page-status';
export type { ActionAnswer } from './alert-lifecycle/rule-actions';
export type { SegmentEvent } from './alert-lifecycle/segment-events';
export type { SignalDeps } from './alert-lifecycle/signal-deps';
export type { RuleTimeline, TimelineQuery, TimelineSegment } from './alert-lifecycle/status-timeline';
export type { WebhookSource } from './alert-lifecycle/webhook-ingestion';
export type { AlertRuleAccessInput, AlertRuleAccessView } from './alert-rules/alert-rule-access';
export type {
  AlertRuleCreateData,
  FormOptions,
  ListSource,
  SourceList,
} from './alert-rules/alert-rule-create-data';
export type { AlertRuleFilter } from './alert-rules/alert-rule-filter';
export type {
  AddUserNotifyInput,
  GroupActionResult,
  GroupAddResult,
  GroupDeleteResult,
} from './alert-rules/alert-rule-group-actions';
export type { AlertRuleLegacyFacts } from './alert-rules/alert-rule-legacy-facts';
export type {
  AlertRuleNotifyView,
  BatchNotifyInput,
  BatchNotifyResult,
} from './alert-rules/alert-rule-notify';
export type { AlertRuleOption } from './alert-rules/alert-rule-options';
export type { AlertRuleDeleteResult, AlertRuleListQuery } from './alert-rules/alert-rule-service';
export type { AlertRuleTagsView } from './alert-rules/alert-rule-tags';
export {
  type AlertRuleBaseView,
  type AlertRuleView,
  type RuleEndpointRef,
  type RuleTeamRef,
  type RuleUserRef,
  type SilentStatus,
  typeFieldsOf,
} from './alert-rules/alert-rule-view';
export type { QueryPreview, QueryPreviewSource } from './alert-rules/query-preview';
export type { SaveWarning } from './alert-rules/query-validation';
export { alertRuleTypeCatalog, externalRuleTypes } from './alert-rules/rule-type-catalog';
export type { Actor } from './auth/actor';
export type { LoginMeta, TokenPair } from './auth/auth-service';
export { newOpaqueToken } from './auth/opaque-token';
export { argon2Hasher, type PasswordHasher } from './auth/password-hasher';
export { DEFAULT_MAX_TRACKED_KEYS, type RateDecision, SlidingWindowLimiter } from './auth/rate-limiter';
export type { SessionView } from './auth/session-service';
export type { SsoIdentity } from './auth/sso-accounts';
export type { UserView } from './auth/user-view';
export {
  checkFilterPattern,
  compileFilterPattern,
  type FilterMatcher,
  type FilterPatternCheck,
} from './behavior-rules/behavior-filter-pattern';
export {
  type BehaviorFilter,
  type FilteredAlert,
  matchesBehaviorFilters,
} from './behavior-rules/behavior-filters';
export type { TemplateChecker, TemplateCheckResult } from './behavior-rules/behavior-rule-fields';
export {
  BehaviorRuleService,
  type BehaviorRuleWriteResult,
  type SelectableAlertRule,
} from './behavior-rules/behavior-rule-service';
export {
  type BehaviorRuleRef,
  type BehaviorRuleView,
  type NotificationBehaviorRule,
  readBehaviorRules,
  type SilentBehaviorRule,
  type TemplateBehaviorRule,
} from './behavior-rules/behavior-rule-view';
export {
  type ActiveMaintenance,
  activeMaintenance,
  activeUntil,
  type MaintenanceWindow,
} from './behavior-rules/maintenance-window';
export type { BehaviorRecord } from './behavior-rules/notification-behavior';
export type { TemplatePreviewAnswer } from './behavior-rules/template-previewer';
export { ensureSystemAdmin, type SystemAdminResult } from './bootstrap/ensure-system-admin';
export { createLoadingCache, type Load, type LoadingCacheOptions } from './caching/loading-cache';
export type { ClusterInput, ClusterService, ClusterSource } from './cluster/cluster-service';
export type { ClusterType, ClusterView } from './cluster/cluster-view';
export { type Core, type CoreDeps, type CoreSettings, createCore } from './core';
export { SecretBox } from './crypto/secret-box';
export {
  type DataSourceConnectionOptionsInput,
  dataSourceConnectionOptions,
  type StoredConnectionOptions,
} from './data-sources/connection-options';
export {
  type DataSourceTypeInfo,
  dataSourceCatalog,
  receiverSetups,
} from './data-sources/data-source-catalog';
export type {
  DataSourceInput,
  DataSourceListQuery,
  DataSourceUpdateInput,
} from './data-sources/data-source-service';
export type { DataSourceOption, DataSourceView } from './data-sources/data-source-view';
export type { DeliveryAttemptLog, DeliveryAttemptRecord } from './delivery/delivery-attempt-log';
export {
  createDeliveryStore,
  type DeliveryStore,
  type DeliveryStoreOptions,
} from './delivery/delivery-store';
export { createGroupedWriter, type WriteRows } from './delivery/grouped-writer';
export type { QueueNotifies } from './delivery/undeliverable-pages';
export { endpointCatalogOf } from './endpoints/endpoint-catalog';
export type { EndpointInput } from './endpoints/endpoint-input';
export type { EndpointListQuery } from './endpoints/endpoint-service';
export type {
  EndpointHandOver,
  EndpointTransferDirection,
} from './endpoints/endpoint-transfer-service';
export type { EndpointTransferView } from './endpoints/endpoint-transfer-view';
export type { EndpointView } from './endpoints/endpoint-view';
export {
  ALERT_EVENT_KINDS,
  ALERT_STATES,
  type AlertEventKind,
  type AlertRuleType,
  type AlertState,
  type CarriedInstance,
  type DataSourceType,
  DELIVERY_OUTCOMES,
  type DeliveryAttemptOutcome,
  type DeliveryCarried,
  type DeliveryRecipient,
  type DeliverySubject,
  ENDPOINT_TRANSFER_STATUSES,
  type EndpointTransferStatus,
  type EndpointType,
  type FlowStep,
  isId,
  NOTIFICATION_BEHAVIOR_EFFECTS,
  type NotificationBehaviorEffect,
  newId,
  type OtpChannel,
  PROXY_TYPES,
  type ProviderKind,
  type ProxyType,
  ROLES,
  type Role,
  STATE_PERIOD_SECONDS,
} from './entities/index';
export type {
  DeliveryAttemptLogEntry,
  DeliveryLogEndpoint,
  DeliveryLogEntry,
  DeliveryLogScope,
  NotificationBehaviorLogEntry,
  UndeliverablePageLogEntry,
} from './episodes/delivery-log';
export { EpisodeReadService } from './episodes/episode-read-service';
export type { Episode, EpisodeAcknowledger } from './episodes/rule-episodes';
export {
  conflict,
  DomainError,
  type ErrorCode,
  type FieldErrors,
  forbidden,
  notFound,
  rateLimited,
  sourceUnavailable,
  tooManyStreams,
  unauthenticated,
  unavailable,
  validationFailed,
  zoneUnreachable,
} from './errors/domain-error';
export { domainErrorOf } from './errors/domain-error-of';
export { LIVE_EVENT_ID_PATTERN } from './live-events/live-cursor';
export type { AlertLiveEvent, DeliveryLiveEvent, LiveEvent } from './live-events/live-event';
export {
  DEFAULT_LIVE_EVENTS,
  LiveEvents,
  type LiveEventsSettings,
  type LiveSubscription,
} from './live-events/live-events';
export type { LiveStreamReservation, LiveStreamSlot } from './live-events/live-stream-slots';
export { ZONE_SYNC_SETTING } from './main-copies/main-copies';
export type {
  MessengerProxyInput,
  MessengerProxyListQuery,
} from './messenger-proxies/messenger-proxy-service';
export type { MessengerProxyView } from './messenger-proxies/messenger-proxy-view';
export type { ServiceBacklog, ServiceBacklogReader } from './monitoring/service-backlog';
export {
  type AckLinkCheck,
  type AckLinkClaims,
  AckLinkSigner,
  DEFAULT_ACK_LINK_TTL_SECONDS,
} from './notifications/ack-link';
export {
  type AlertEventMessages,
  type AlertEventMessagesOptions,
  createAlertEventMessages,
  type TemplateFallback,
} from './notifications/alert-event-messages';
export type {
  DeliveryTargetReader,
  SendTarget,
  SendTargetLookup,
} from './notifications/delivery-targets';
export type { EventMessageFacts, FreshEventFacts } from './notifications/fresh-event-facts';
export {
  createGroupWindowStore,
  type GroupedEvent,
  type GroupedInstance,
  type GroupWindowChange,
  type GroupWindowRef,
  type GroupWindowStore,
  type GroupWindowStoreOptions,
} from './notifications/group-windows';
export {
  type CarriedGroup,
  type CarriedItem,
  MAX_GROUP_ITEMS,
  messageGroupOf,
  readCarriedGroup,
} from './notifications/message-group';
export type { NotificationRouteReader } from './notifications/notification-routes';
export { otpMessage } from './notifications/otp-message';
export {
  checkTemplate,
  previewTemplate,
  readsVariable,
  renderTemplate,
  TEMPLATE_LIMITS,
  type TemplateCheck,
  type TemplateContext,
  type TemplateDetails,
  type TemplateGroup,
  type TemplateGroupInstance,
  type TemplateItem,
  type TemplatePreview,
  type TemplateRender,
  templateContext,
  templatedMessage,
  templateGroupOf,
  templateTime,
} from './notifications/templates/index';
export type { OtpRequest } from './otp/otp-service';
export type { OwnershipMover, OwnershipTransfer } from './ownership/ownership-transfer';
export { DEFAULT_PER_PAGE, MAX_PER_PAGE, type Page, type PageQuery } from './pagination/page';
export {
  type LoadPluginsOptions,
  loadPlugins,
  type ModuleImporter,
  type PluginPackages,
} from './plugins/plugin-loader';
export {
  HOST_ENDPOINT_TYPES,
  HOST_RULE_TYPES,
  type PackagedPlugin,
  type PackagedPlugins,
  type PluginDefinitions,
  type PluginRegistry,
  servedEndpointType,
} from './plugins/plugin-registry';
export { findUnservedTypes, type UnservedType } from './plugins/unserved-types';
export { endpointPolicy } from './policy/endpoint-policy';
export type { CheckSchedule, CheckStatus } from './ports/check-schedule';
export { type Clock, systemClock } from './ports/clock';
export type {
  DataSourceProbeResult,
  DataSourceProber,
  DataSourceProbeTarget,
} from './ports/data-source-prober';
export type {
  DataSourceConnectionOptions,
  DataSourceQuerier,
  DataSourceQueryCallOptions,
  DataSourceQueryResult,
  DataSourceQueryTarget,
} from './ports/data-source-querier';
export type {
  AutoResolveArm,
  EscalationStopReason,
  NotifyRequest,
  Orchestrator,
  QueuedNotify,
  StatementOutbox,
} from './ports/orchestrator';
export type { PreparedStatements } from './ports/prepared-statements';
export type {
  ProviderConfigTester,
  ProviderConfigTestResult,
  ProviderConfigTestSend,
} from './ports/provider-config-tester';
export type {
  ProviderConfigFieldDescription,
  ProviderConfigKindDescription,
} from './provider-configs/provider-config-form-description';
export {
  type ProviderConfigForms,
  type ProviderKindForms,
  providerConfigForms,
} from './provider-configs/provider-config-forms';
export type { ProviderConfigInput } from './provider-configs/provider-config-input';
export type { ProviderConfigView } from './provider-configs/provider-config-view';
export {
  DEFAULT_PROVIDER_FAILING,
  MAX_PROVIDER_FAILING_ATTEMPTS,
  type ProviderFailingThreshold,
} from './provider-health/provider-health';
export { ProviderHealthCheck } from './provider-health/provider-health-check';
export type { DeliveryAttemptView, DeliveryFilter } from './reporting/delivery-list';
export { DELIVERY_GROUPINGS, type DeliveryGrouping, type DeliveryStats } from './reporting/delivery-stats';
export type { DurationStats } from './reporting/duration-stats';
export {
  EPISODE_STATUSES,
  type EpisodeFilter,
  type EpisodeStatus,
  type EpisodeView,
} from './reporting/episode-list';
export type { HistoryEventFilter, HistoryEventView } from './reporting/event-list';
export type { RuleNoise } from './reporting/noisiest-rules';
export type { PageStats } from './reporting/page-stats';
export type { ReportFilter } from './reporting/report-filter';
export { REPORT_GROUPINGS, type ReportGrouping, type ReportGroupKey } from './reporting/report-grouping';
export type { Keyset, Slice, SliceQuery } from './reporting/report-slice';
export type { ReportingService } from './reporting/reporting-service';
export type { EpisodeStats } from './reporting/response-times';
export { STATE_GROUPINGS, type StateDuration, type StateGrouping } from './reporting/state-durations';
export { type PruneReport, RetentionService } from './retention/retention-service';
export { DEFAULT_RETENTION, type RetentionSettings } from './retention/retention-settings';
export { type StandingOnRule, standingOnRule } from './rule-access/rule-standing';
export {
  type EvaluationMemory,
  NO_LONGER_RETURNED,
  planEvaluation,
} from './scheduled-checks/evaluation-plan';
export type { CheckClaim, CheckKind } from './scheduled-checks/scheduled-check-store';
export type { CheckRun, ScheduledChecks } from './scheduled-checks/scheduled-checks';
export type { StatusCard } from './status-groups/status-cards';
export type { StatusGroupInput, StatusGroupListQuery } from './status-groups/status-group-service';
export type { StatusGroupView } from './status-groups/status-group-view';
export type { TeamInput, TeamListQuery } from './teams/team-service';
export type { TeamMemberView, TeamView } from './teams/team-view';
export type {
  CreateUserInput,
  PasswordChangeInput,
  UpdateUserInput,
  UserListQuery,
  UserOption,
} from './users/user-service';
export { assertIdExists, assertIdsExist } from './validation/existing-ids';
export { loadById } from './validation/find-by-id';
