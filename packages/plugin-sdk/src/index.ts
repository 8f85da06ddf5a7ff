export { z } from 'zod';
export {
  type AnyChannelDefinition,
  type ChannelCapabilities,
  type ChannelDefinition,
  type ChannelInstance,
  type ChannelLane,
  type ChannelProvider,
  type ChannelServes,
  defineChannel,
  type FieldOf,
  type SendOptions,
  type SendResult,
} from './channel';
export {
  type ClassifyOptions,
  classifyHttpStatus,
  DEFAULT_RATE_LIMIT_DELAY_MS,
} from './classify-http-status';
export type { ChannelContext, ChannelLogger, Clock, FetchLike } from './context';
export { checkChannelDefinition } from './definition-shape';
export {
  ChannelError,
  type ChannelErrorKind,
  PermanentError,
  RateLimitedError,
  TransientError,
} from './errors';
export type { LegacyEndpoint } from './legacy-endpoint';
export { legacyEndpoints } from './legacy-endpoints';
export type {
  ChannelMessage,
  MessageGroup,
  MessageGroupItem,
  MessageKind,
  MessageLink,
  MessageSeverity,
} from './message';
export type { ChannelPacingLimit } from './pacing';
export { type PostJsonOptions, postJson } from './post-json';
export { discardBody, MAX_ERROR_BODY_BYTES, readBodyText } from './read-body-text';
export { escapeHtml } from './render/escape-html';
export { type GroupLineOptions, groupCount, groupLines, messageText } from './render/group-lines';
export { headline } from './render/headline';
export { type PlainTextOptions, toPlainText } from './render/plain-text';
export { truncate } from './render/truncate';
export { parseRetryAfterMs } from './retry-after';
export type {
  AlertReceiver,
  ReceivedAlert,
  ReceivedBody,
  ReceiverAddress,
  ReceiverSetup,
} from './source/alert-receiver';
export {
  type CountThresholdSettings,
  countThresholdEvaluation,
  countThresholdSettingsSchema,
} from './source/count-threshold';
export {
  DEFAULT_EVALUATION_TIMING,
  DEFAULT_UNREACHABLE_THRESHOLD,
  type EvaluationTiming,
  evaluationOptionsSchema,
  evaluationTiming,
  parseDuration,
  type UnreachableThreshold,
  unreachableThreshold,
} from './source/evaluation-options';
export { defaultFingerprint, fingerprintOf } from './source/fingerprint';
export { globMatch } from './source/glob';
export type { HeartbeatSchedule, PingDeadline } from './source/heartbeat';
export { isoTime, isoTimeFromUnixSeconds } from './source/iso-time';
export {
  type LegacyAlertRecord,
  type LegacyHistoryRecord,
  type LegacyView,
  legacyAlertItem,
} from './source/legacy-view';
export { type NormalizeOutcome, normalizePayload, type PayloadIssue } from './source/normalize-payload';
export type { AlertSeverity, AlertStatus, NormalizedAlert, SourceAlert } from './source/normalized-alert';
export { normalizedAlertSchema } from './source/normalized-alert-schema';
export type { ProbePlan, ProbeStep, ProbeTokenScheme } from './source/probe-plan';
export type {
  EvaluatedRule,
  QueryValidation,
  RuleEvaluation,
  SourceConnection,
  SourceContext,
  SourceFormLists,
  SourceQueryHooks,
} from './source/query-hooks';
export {
  queryJson,
  queryText,
  type SourceJsonRequest,
  SourceQueryError,
  sourceUrl,
  vendorErrorMessage,
} from './source/query-json';
export {
  countThresholdRuleFields,
  defaultRuleFields,
  dynamicOrTextQueryRuleFields,
  hostRuleFields,
  type RuleOption,
  type SourceRuleFields,
  type SourceRuleOptions,
} from './source/rule-fields';
export { severityFromText } from './source/severity';
export {
  type AnyQueryOnlySourceDefinition,
  type AnySourceDefinition,
  type AnyWebhookSourceDefinition,
  defineSource,
  type QueryOnlySourceDefinition,
  type SourceCapabilities,
  type SourceConnectionFields,
  type SourceDefinition,
  type SourceFixture,
  takesWebhooks,
  type WebhookSourceDefinition,
} from './source/source';
export { checkSourceDefinition } from './source/source-definition-shape';
export { compactRecord, httpUrl, presentText } from './source/text';
export { toChannelError } from './to-channel-error';
export { vendorFetch } from './vendor-fetch';
export { wireFields } from './wire-fields';
