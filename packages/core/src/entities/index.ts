import { AlertEpisode } from './alert-episode.entity';
import { AlertEvent } from './alert-event.entity';
import { AlertInstance } from './alert-instance.entity';
import { AlertRule } from './alert-rule.entity';
import { AlertRuleBehaviorDependency } from './alert-rule-behavior-dependency.entity';
import { AlertRuleBehaviorEndpoint } from './alert-rule-behavior-endpoint.entity';
import { AlertRuleBehaviorRule } from './alert-rule-behavior-rule.entity';

export { AlertRuleStatePeriod, STATE_PERIOD_SECONDS } from './alert-rule-state-period.entity';

import { AlertRuleDataSourceLink } from './alert-rule-data-source-link.entity';
import { AlertRuleEndpointLink } from './alert-rule-endpoint-link.entity';
import { AlertRuleShare } from './alert-rule-share.entity';
import { AlertRuleSilence } from './alert-rule-silence.entity';
import { AlertRuleStatePeriod } from './alert-rule-state-period.entity';
import { AlertRuleTeamShare } from './alert-rule-team-share.entity';
import { AlertRuleTotal } from './alert-rule-total.entity';
import { ApplyFireInOneStatement } from './apply-fire-in-one-statement.routine';
import { ApplyFiresInOneStatement } from './apply-fires-in-one-statement.routine';
import { AuthSession } from './auth-session.entity';
import { DataSource } from './data-source.entity';
import { DeliveryAttempt } from './delivery-attempt.entity';
import { Endpoint } from './endpoint.entity';
import { EndpointTransfer } from './endpoint-transfer.entity';
import { MessengerProxy } from './messenger-proxy.entity';
import { Notice } from './notice.entity';
import { NotificationBehavior } from './notification-behavior.entity';
import { NotificationGroup } from './notification-group.entity';
import { OtpCode } from './otp-code.entity';
import { ProviderConfig } from './provider-config.entity';
import { RefreshToken } from './refresh-token.entity';
import { ScheduledCheck } from './scheduled-check.entity';
import { StatusGroup } from './status-group.entity';
import { SystemSetting } from './system-setting.entity';
import { Team } from './team.entity';
import { UndeliverablePage } from './undeliverable-page.entity';
import { User } from './user.entity';
import { UserIdentity } from './user-identity.entity';

export { ALERT_EVENT_KINDS, AlertEvent, type AlertEventKind } from './alert-event.entity';
export { AlertInstance } from './alert-instance.entity';
export {
  ALERT_STATES,
  AlertRule,
  type AlertRuleType,
  type AlertState,
} from './alert-rule.entity';
export { AlertRuleBehaviorDependency } from './alert-rule-behavior-dependency.entity';
export { AlertRuleBehaviorEndpoint } from './alert-rule-behavior-endpoint.entity';
export { AlertRuleBehaviorRule } from './alert-rule-behavior-rule.entity';
export { AuthSession } from './auth-session.entity';
export { DataSource, type DataSourceType } from './data-source.entity';
export {
  type CarriedInstance,
  DELIVERY_OUTCOMES,
  DeliveryAttempt,
  type DeliveryAttemptOutcome,
  type DeliveryCarried,
  type DeliveryRecipient,
  type DeliverySubject,
} from './delivery-attempt.entity';
export { Endpoint, type EndpointType, type FlowStep } from './endpoint.entity';
export {
  ENDPOINT_TRANSFER_STATUSES,
  EndpointTransfer,
  type EndpointTransferStatus,
} from './endpoint-transfer.entity';
export { MessengerProxy, PROXY_TYPES, type ProxyType } from './messenger-proxy.entity';
export { isId, newId } from './new-id';
export { Notice } from './notice.entity';
export {
  NOTIFICATION_BEHAVIOR_EFFECTS,
  NotificationBehavior,
  type NotificationBehaviorEffect,
} from './notification-behavior.entity';
export { NotificationGroup } from './notification-group.entity';
export { type OtpChannel, OtpCode } from './otp-code.entity';
export { ProviderConfig, type ProviderKind } from './provider-config.entity';
export { RefreshToken } from './refresh-token.entity';
export { ScheduledCheck } from './scheduled-check.entity';
export { StatusGroup } from './status-group.entity';
export { SystemSetting } from './system-setting.entity';
export { Team } from './team.entity';
export { UndeliverablePage } from './undeliverable-page.entity';
export { ROLES, type Role, User } from './user.entity';
export { UserIdentity } from './user-identity.entity';

/** The database functions the ORM declares beside the entities. */
export const routines = [ApplyFireInOneStatement, ApplyFiresInOneStatement];

/** The explicit entity list the ORM is configured with (no folder scanning). */
export const entities = [
  User,
  Team,
  AuthSession,
  RefreshToken,
  UserIdentity,
  ProviderConfig,
  MessengerProxy,
  SystemSetting,
  Endpoint,
  EndpointTransfer,
  OtpCode,
  Notice,
  DeliveryAttempt,
  DataSource,
  AlertRule,
  AlertRuleShare,
  AlertRuleTeamShare,
  AlertRuleEndpointLink,
  AlertRuleDataSourceLink,
  AlertRuleTotal,
  AlertRuleSilence,
  AlertInstance,
  AlertEvent,
  AlertEpisode,
  AlertRuleStatePeriod,
  ScheduledCheck,
  UndeliverablePage,
  NotificationBehavior,
  AlertRuleBehaviorRule,
  AlertRuleBehaviorEndpoint,
  AlertRuleBehaviorDependency,
  StatusGroup,
  NotificationGroup,
];
