export {
  alertHistoryEntrySchema,
  firingInstanceSchema,
  triggeredViewSchema,
} from './alert-rules/alert-lifecycle-views';
export {
  alertRuleCommonShape,
  alertRuleCreateBody,
  alertRuleCreateBodySchema,
  alertRuleTypeFieldsSchema,
  alertRuleUpdateBodySchema,
} from './alert-rules/alert-rule-bodies';
export { ALERT_STATE_VALUES, tagList, typeError } from './alert-rules/alert-rule-fields';
export {
  alertRuleFilterShape,
  alertRuleGroupQuery,
  alertRuleGroupQueryWithoutSilence,
  alertRuleListQuery,
  silentStatusField,
} from './alert-rules/alert-rule-filter-query';
export {
  alertRuleAccessBody,
  alertRuleAddUserNotifyBody,
  alertRuleBatchNotifyBody,
  alertRuleNotifyBody,
  alertRuleTagsBody,
  everySourceRulesQuery,
  externalRulesQuery,
} from './alert-rules/alert-rule-sub-bodies';
export {
  type AlertRuleTypeCatalog,
  HOST_RULE_TYPE_FIELDS,
  type RuleTypeFields,
} from './alert-rules/alert-rule-type-fields';
export type {
  AlertRuleCreateInput,
  AlertRuleTypeFields,
  AlertRuleUpdateInput,
} from './alert-rules/alert-rule-types';
export {
  alertRuleAccessLegacyViewSchema,
  alertRuleAccessViewSchema,
  alertRuleCreateDataSchema,
  alertRuleDeleteResultSchema,
  alertRuleEndpointRefSchema,
  alertRuleLegacyFieldsSchema,
  alertRuleNotifyLegacyViewSchema,
  alertRuleNotifyViewSchema,
  alertRuleTagsViewSchema,
  alertRuleViewSchema,
  anyFormOptionsSchema,
  batchNotifyResultSchema,
  formOptionsSchema,
  groupActionResultSchema,
  groupAddResultSchema,
  groupDeleteResultSchema,
  labelNameSchema,
  ruleActionAnswerSchema,
  saveWarningSchema,
  sourceListSchema,
} from './alert-rules/alert-rule-views';
export {
  BEHAVIOR_RULE_KINDS,
  BEHAVIOR_TRIGGER_STATES,
  type BehaviorRuleCreateInput,
  type BehaviorRuleKind,
  type BehaviorRuleUpdateInput,
  behaviorRuleCreateBody,
  behaviorRuleKindSchemas,
  behaviorRuleUpdateBody,
  behaviorTemplatePreviewBody,
  MAX_BEHAVIOR_LIST_ITEMS,
  MAX_BEHAVIOR_TEMPLATE_BYTES,
} from './alert-rules/behavior-rule-bodies';
export {
  behaviorRuleListSchema,
  behaviorRuleViewSchema,
  behaviorRuleWriteResultSchema,
  behaviorTemplatePreviewSchema,
  selectableAlertRuleSchema,
} from './alert-rules/behavior-rule-views';
export {
  MAX_SCHEDULE_TARGETS,
  type ScheduleTargetInput,
  type ScheduleTargetView,
  scheduleTargetBody,
  scheduleTargetList,
  scheduleTargetViewSchema,
} from './alert-rules/schedule-targets';
export { loginBody, refreshBody, tokenPairSchema } from './auth/auth-schemas';
export { bearerToken } from './common/bearer-token';
export { type ErrorBody, errorBodySchema } from './common/error-body';
export { fieldErrorsFromIssues } from './common/field-errors';
export { idField, idList, requiredText, roleField } from './common/fields';
export {
  findInputFault,
  type InputFault,
  LONE_SURROGATE_MESSAGE,
  MAX_INPUT_DEPTH,
  NUL_MESSAGE,
  TOO_DEEP_MESSAGE,
} from './common/input-faults';
export { pageQuerySchema, pageQueryShape } from './common/page-query';
export { paginated } from './common/paginated';
export { clusterAgentBody, clusterBody, clusterMainBody, clusterViewSchema } from './config/cluster-schemas';
export { discriminatorError } from './config/config-fields';
export {
  messengerProxyBody,
  messengerProxyListQuery,
  messengerProxyViewSchema,
} from './config/messenger-proxy-schemas';
export {
  type ConfigValueType,
  fieldLabel,
  type ProviderConfigChannel,
  type ProviderConfigFieldForm,
  type ProviderConfigForm,
  type ProviderConfigKindForm,
  providerConfigForm,
  settingText,
  typedSetting,
} from './config/provider-config-forms';
export {
  availableProvidersSchema,
  type ProviderConfigBodyOptions,
  type ProviderConfigWrite,
  providerConfigBody,
  providerConfigViewSchema,
  providerKindField,
} from './config/provider-config-schemas';
export { DATA_SOURCE_OPTION_LIMITS } from './data-sources/connection-options';
export {
  type DataSourceCatalog,
  type DataSourceReadField,
  type DataSourceSchemas,
  dataSourceListQuery,
  dataSourceOptionSchema,
  dataSourceSchemas,
  dataSourceStatusSchema,
} from './data-sources/data-source-schemas';
export { endpointBodySchema, endpointChangeOwnerBody } from './endpoints/endpoint-bodies';
export {
  destinationOf,
  type EndpointCatalog,
  type EndpointDestinationFields,
  type LegacyEndpointWire,
  RESERVED_ENDPOINT_FIELDS,
  typeChoiceMessage,
} from './endpoints/endpoint-catalog';
export { endpointListQuery } from './endpoints/endpoint-list-query';
export {
  endpointHandOverSchema,
  endpointTransferListQuery,
  endpointTransferSchema,
} from './endpoints/endpoint-transfer-schemas';
export { endpointViewSchemaFor } from './endpoints/endpoint-views';
export { otpSendBodySchema, otpSentSchema } from './endpoints/otp-schemas';
export {
  type HeartbeatControlBody,
  heartbeatControlBody,
  heartbeatRuleViewSchema,
  heartbeatStateSchema,
  heartbeatViewSchema,
} from './heartbeats/heartbeat-schemas';
export {
  historyQuery,
  statusTimelineFilter,
  statusTimelineQuery,
  statusTimelineSchema,
} from './ingestion/alert-read-schemas';
export { apiAlertBody, ingestAnswerSchema, statusAlertBody } from './ingestion/ingestion-schemas';
export {
  MAX_NOTIFICATION_RULE_DELAY_MINUTES,
  type NotificationRuleBody,
  type NotificationRuleView,
  notificationRuleBody,
  notificationRuleQuery,
  notificationRuleViewSchema,
  type Urgency,
  urgencyField,
} from './people/notification-rule-schemas';
export {
  icalUrlSchema,
  instantField,
  type OnCallView,
  type OverrideBody,
  onCallHistorySchema,
  onCallViewSchema,
  overrideBody,
  type ScheduleBody,
  type ScheduleCalendarView,
  type ScheduleView,
  type SwapOfferBody,
  type SwapView,
  scheduleAtQuery,
  scheduleBody,
  scheduleCalendarSchema,
  scheduleRangeQuery,
  scheduleViewSchema,
  swapOfferBody,
  swapViewSchema,
  timeZoneField,
  type UserFeedStatusView,
  userFeedStatusSchema,
} from './schedules/schedule-schemas';
export {
  statusCardSchema,
  statusGroupBody,
  statusGroupListQuery,
  statusGroupViewSchema,
} from './status-groups/status-group-schemas';
export { teamBody, teamListQuery, teamViewSchema } from './teams/team-schemas';
export {
  changeOwnerBody,
  passwordChangeBody,
  userCreateBody,
  userListQuery,
  userOptionSchema,
  userUpdateBody,
  userViewSchema,
} from './users/user-schemas';
