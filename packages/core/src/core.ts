import type { MikroORM } from '@mikro-orm/core';
import { AckLinkAcknowledgement } from './alert-lifecycle/ack-link-acknowledgement';
import { AlertReadService } from './alert-lifecycle/alert-read-service';
import { ApiIngestion } from './alert-lifecycle/api-ingestion';
import { AutoResolver } from './alert-lifecycle/auto-resolver';
import { RuleActions } from './alert-lifecycle/rule-actions';
import { WebhookIngestion } from './alert-lifecycle/webhook-ingestion';
import { AlertRuleAccess } from './alert-rules/alert-rule-access';
import { AlertRuleCreateDataService } from './alert-rules/alert-rule-create-data';
import { AlertRuleGroupActions } from './alert-rules/alert-rule-group-actions';
import { AlertRuleLegacyFactsReader } from './alert-rules/alert-rule-legacy-facts';
import { AlertRuleNotify } from './alert-rules/alert-rule-notify';
import { AlertRuleOptions } from './alert-rules/alert-rule-options';
import { alertRuleOwnershipMover } from './alert-rules/alert-rule-ownership';
import { AlertRuleService } from './alert-rules/alert-rule-service';
import { AlertRuleTags } from './alert-rules/alert-rule-tags';
import { DEFAULT_MAX_ENDPOINTS_PER_RULE } from './alert-rules/endpoint-cap';
import { QueryValidator } from './alert-rules/query-validation';
import { tokenRuleTypesOf } from './alert-rules/rule-token';
import { alertRuleTypeCatalog } from './alert-rules/rule-type-catalog';
import { AccessTokenIssuer } from './auth/access-token';
import { AuthService } from './auth/auth-service';
import { LoginThrottle } from './auth/login-throttle';
import { argon2Hasher, type PasswordHasher } from './auth/password-hasher';
import { DEFAULT_MAX_TRACKED_KEYS, SlidingWindowLimiter } from './auth/rate-limiter';
import { SessionService } from './auth/session-service';
import { SsoAccounts } from './auth/sso-accounts';
import { BehaviorRuleService } from './behavior-rules/behavior-rule-service';
import { ClusterService } from './cluster/cluster-service';
import { SecretBox } from './crypto/secret-box';
import { DataSourceService } from './data-sources/data-source-service';
import { EndpointService, endpointOwnershipMover } from './endpoints/endpoint-service';
import { EndpointTransferService } from './endpoints/endpoint-transfer-service';
import { EpisodeReadService } from './episodes/episode-read-service';
import { DEFAULT_LIVE_EVENTS, LiveEvents, type LiveEventsSettings } from './live-events/live-events';
import { MessengerProxyService } from './messenger-proxies/messenger-proxy-service';
import { ServiceBacklogReader } from './monitoring/service-backlog';
import { AckLinkSigner } from './notifications/ack-link';
import { previewRuleTemplate } from './notifications/template-preview';
import { checkTemplate } from './notifications/templates/template-engine';
import { OtpService } from './otp/otp-service';
import { DEFAULT_OTP_SEND_LIMITS, OtpThrottle } from './otp/otp-throttle';
import { OwnershipTransfer } from './ownership/ownership-transfer';
import { createPluginRegistry, type PluginRegistry } from './plugins/plugin-registry';
import { type Clock, systemClock } from './ports/clock';
import { type DataSourceProber, unconfiguredProber } from './ports/data-source-prober';
import { type DataSourceQuerier, unconfiguredQuerier } from './ports/data-source-querier';
import type { Orchestrator } from './ports/orchestrator';
import type { PreparedStatements } from './ports/prepared-statements';
import type { ProviderConfigTester } from './ports/provider-config-tester';
import { ProviderConfigService } from './provider-configs/provider-config-service';
import { DEFAULT_PROVIDER_FAILING, type ProviderFailingThreshold } from './provider-health/provider-health';
import { ProviderHealthCheck } from './provider-health/provider-health-check';
import { ReportingService } from './reporting/reporting-service';
import { RetentionService } from './retention/retention-service';
import { DEFAULT_RETENTION, type RetentionSettings } from './retention/retention-settings';
import { RuleEvaluator } from './scheduled-checks/rule-evaluator';
import { type CheckRun, ScheduledChecks } from './scheduled-checks/scheduled-checks';
import { SourcePoller } from './scheduled-checks/source-poller';
import { StatusGroupService } from './status-groups/status-group-service';
import { TeamService, teamOwnershipMover } from './teams/team-service';
import { UserService } from './users/user-service';

export interface CoreSettings {
  jwtSecret: string;
  encryptionKey: Buffer;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  /**
   * How long past the life of the access token it was last answered with a spent refresh token
   * presented again still gets its (unspent) successor instead of revoking the session; 0 turns the
   * grace off. Default 300 s.
   */
  refreshTokenReuseGraceSeconds?: number;
  /** How long an acknowledge link works after it is signed (default 7 days); it dies sooner with its episode. */
  ackLinkTtlSeconds?: number;
  /** Failed logins per (account, client address) per account window. */
  loginMaxFailuresPerAccount: number;
  loginAccountWindowSeconds: number;
  loginMaxAttemptsPerIp: number;
  loginIpWindowSeconds: number;
  /** Keys each login limiter tracks at most (default 100,000). */
  loginThrottleMaxKeys?: number;
  /** The address users reach the service at; webhook URLs shown to them start with it. */
  publicUrl?: string;
  /**
   * The group interval of rules that set none (`ALERT_GROUP_INTERVAL_SECONDS`), as the engine that
   * delivers uses it; the rule form says it (default 0, as the engine's own default).
   */
  defaultGroupIntervalSeconds?: number;
  /** Password login for everyone (default); false leaves it to the system admin (`LOCAL_LOGIN`). */
  localLogin?: boolean;
  /** Alerts accepted per rule token per minute on the API ingestion routes (default 600). */
  ingestPerTokenPerMinute?: number;
  /** Fires waiting for the shared ingestion statement at most, then 503 (default 2,000). */
  ingestFireQueueMax?: number;
  /** How long a fire may wait for that statement, then 503 (default 5,000 ms). */
  ingestFireQueueWaitMs?: number;
  /** One-time codes one user may request per OTP window (default 5). */
  otpMaxSendsPerUser?: number;
  /** One-time codes one destination may receive per OTP window, whoever asks (default 3). */
  otpMaxSendsPerDestination?: number;
  /** The OTP throttling window in seconds (default 600). */
  otpSendWindowSeconds?: number;
  /** What the retention job prunes and when (`DEFAULT_RETENTION` where not given). */
  retention?: Partial<RetentionSettings>;
  /** The most endpoints one alert rule may page (default 50); attaching more is a 422. */
  maxEndpointsPerRule?: number;
  /** The live subscription's feed (`DEFAULT_LIVE_EVENTS` where not given). */
  liveEvents?: Partial<LiveEventsSettings>;
  /** When a provider config's failed attempts raise the admins' alert (`DEFAULT_PROVIDER_FAILING`). */
  providerFailing?: Partial<ProviderFailingThreshold>;
}

export interface CoreDeps {
  orm: MikroORM;
  orchestrator: Orchestrator;
  settings: CoreSettings;
  /**
   * The loaded channel and source plugins, the same registry the engine delivers with (the server
   * loads it once). None when absent: for use cases that need no plugin.
   */
  plugins?: PluginRegistry;
  clock?: Clock;
  hasher?: PasswordHasher;
  /** Connects to data sources for `status`; `@oncall/source-probes` in the server. */
  dataSourceProber?: DataSourceProber;
  /** Sends a provider config's test message; without one, a test says none is configured. */
  providerConfigTester?: ProviderConfigTester;
  /** Runs source plugins' query hooks for the rule form's lists; `@oncall/source-probes` in the server. */
  dataSourceQuerier?: DataSourceQuerier;
  /** Prepared statements for the fire statement, where the database has them (`Database.prepared`). */
  prepared?: PreparedStatements;
  /** Told of every finished scheduled check (an evaluation, a poll), for the server's `/metrics`. */
  onCheckRun?: (run: CheckRun) => void;
}

/** The use cases every transport calls; built once per process by the composition root. */
export interface Core {
  orm: MikroORM;
  /** Where users reach the service (`PUBLIC_URL`), when configured. */
  publicUrl: string | undefined;
  /** The group interval of rules that set none, in seconds (`ALERT_GROUP_INTERVAL_SECONDS`). */
  defaultGroupIntervalSeconds: number;
  /** Prepared statements where the database has them (a PostgreSQL server), for a module's hot statement. */
  prepared?: PreparedStatements | undefined;
  /** The loaded plugins and the catalogs derived from them (endpoint, data-source and rule types). */
  plugins: PluginRegistry;
  orchestrator: Orchestrator;
  clock: Clock;
  hasher: PasswordHasher;
  secretBox: SecretBox;
  ownership: OwnershipTransfer;
  auth: AuthService;
  /** The signed-in user's own sessions (list, end one, end the others). */
  sessions: SessionService;
  /** Users signing in through single sign-on. */
  sso: SsoAccounts;
  users: UserService;
  teams: TeamService;
  alertRules: AlertRuleService;
  alertRuleGroups: AlertRuleGroupActions;
  alertRuleTags: AlertRuleTags;
  alertRuleNotify: AlertRuleNotify;
  alertRuleAccess: AlertRuleAccess;
  /** What the original web UI reads beside each rule (access, endpoint count, acknowledgement, source names). */
  alertRuleLegacyFacts: AlertRuleLegacyFactsReader;
  /** Every rule the caller sees as `{id, name, type}`. */
  alertRuleOptions: AlertRuleOptions;
  /** The status page's groups of tags, and its cards. */
  statusGroups: StatusGroupService;
  alertRuleCreateData: AlertRuleCreateDataService;
  /** Notification, template and silent behavior rules of alert rules. */
  behaviorRules: BehaviorRuleService;
  endpoints: EndpointService;
  /** Endpoint hand-overs a member offered, waiting for the receiver. */
  endpointTransfers: EndpointTransferService;
  otp: OtpService;
  providerConfigs: ProviderConfigService;
  messengerProxies: MessengerProxyService;
  cluster: ClusterService;
  dataSources: DataSourceService;
  ingestion: ApiIngestion;
  webhooks: WebhookIngestion;
  alerts: AlertReadService;
  /** A rule's episodes and its delivery log (attempts and behavior rules' effects). */
  episodes: EpisodeReadService;
  ruleActions: RuleActions;
  ackLinks: AckLinkSigner;
  /** The acknowledge link of messages: its page, its acknowledgement, and the legacy link route. */
  ackLinkActions: AckLinkAcknowledgement;
  /** The engine's `InstanceResolver`: resolves instances whose auto-resolve timer ran out. */
  autoResolver: AutoResolver;
  /** Prunes old history, delivery attempts and expired credentials; the server schedules it. */
  retention: RetentionService;
  /** Evaluated rules' schedule and runs, which the engine's check loop drives. */
  checks: ScheduledChecks;
  /** Alert state changes and delivery outcomes as they commit, for the tRPC live subscription. */
  live: LiveEvents;
  /** Read-only reports over the history and the delivery log (the GraphQL face's). */
  reporting: ReportingService;
  /** What waits to run (due checks, heartbeat deadlines) and heartbeats by state, for `/metrics`. */
  backlog: ServiceBacklogReader;
  /** The admins' alert of provider configs that keep failing; the server runs its passes. */
  providerHealth: ProviderHealthCheck;
}

export function createCore(deps: CoreDeps): Core {
  const { orm, settings } = deps;
  const plugins = deps.plugins ?? createPluginRegistry({ channels: [], sources: [] });
  const clock = deps.clock ?? systemClock;
  const hasher = deps.hasher ?? argon2Hasher;
  const secretBox = new SecretBox(settings.encryptionKey);
  const ownership = new OwnershipTransfer();
  const ackLinks = new AckLinkSigner(settings.jwtSecret, clock, settings.ackLinkTtlSeconds);
  const maxEndpointsPerRule = settings.maxEndpointsPerRule ?? DEFAULT_MAX_ENDPOINTS_PER_RULE;
  ownership.register(teamOwnershipMover);
  ownership.register(endpointOwnershipMover);
  ownership.register(alertRuleOwnershipMover);
  // One throttle for logins and for the current password a password change asks for.
  const loginThrottle = new LoginThrottle(
    {
      failuresPerAccountAndAddress: settings.loginMaxFailuresPerAccount,
      failureWindowSeconds: settings.loginAccountWindowSeconds,
      attemptsPerAddress: settings.loginMaxAttemptsPerIp,
      addressWindowSeconds: settings.loginIpWindowSeconds,
      maxTrackedKeys: settings.loginThrottleMaxKeys ?? DEFAULT_MAX_TRACKED_KEYS,
    },
    clock,
  );
  const otpSendWindowSeconds = settings.otpSendWindowSeconds ?? DEFAULT_OTP_SEND_LIMITS.windowSeconds;
  const otp = new OtpService({
    orm,
    orchestrator: deps.orchestrator,
    secretBox,
    clock,
    plugins,
    throttle: new OtpThrottle(
      {
        perUser: settings.otpMaxSendsPerUser ?? DEFAULT_OTP_SEND_LIMITS.perUser,
        perDestination: settings.otpMaxSendsPerDestination ?? DEFAULT_OTP_SEND_LIMITS.perDestination,
        windowSeconds: otpSendWindowSeconds,
      },
      clock,
    ),
  });
  const querier = deps.dataSourceQuerier ?? unconfiguredQuerier;
  const webhooks = new WebhookIngestion({
    orm,
    secretBox,
    orchestrator: deps.orchestrator,
    clock,
    plugins,
    limiter: new SlidingWindowLimiter(settings.ingestPerTokenPerMinute ?? 600, 60_000, clock),
  });
  const checks = new ScheduledChecks({
    orm,
    clock,
    plugins,
    rules: new RuleEvaluator({ orm, secretBox, orchestrator: deps.orchestrator, clock, querier, plugins }),
    polls: new SourcePoller({
      orm,
      secretBox,
      clock,
      querier,
      plugins,
      webhooks,
      orchestrator: deps.orchestrator,
    }),
    ...(deps.onCheckRun ? { onRun: deps.onCheckRun } : {}),
  });
  const auth = new AuthService({
    orm,
    clock,
    hasher,
    secretBox,
    accessTokens: new AccessTokenIssuer(settings.jwtSecret, settings.accessTokenTtlSeconds, clock),
    refreshTtlSeconds: settings.refreshTokenTtlSeconds,
    refreshReuseGraceSeconds: settings.refreshTokenReuseGraceSeconds ?? 300,
    throttle: loginThrottle,
    localLogin: settings.localLogin ?? true,
  });
  return {
    orm,
    publicUrl: settings.publicUrl,
    defaultGroupIntervalSeconds: settings.defaultGroupIntervalSeconds ?? 0,
    prepared: deps.prepared,
    plugins,
    checks,
    orchestrator: deps.orchestrator,
    clock,
    hasher,
    secretBox,
    ownership,
    auth,
    sso: new SsoAccounts({ orm, clock, hasher, auth }),
    sessions: new SessionService({ orm, clock }),
    users: new UserService({ orm, hasher, ownership, clock, loginThrottle }),
    teams: new TeamService({ orm }),
    alertRules: new AlertRuleService({
      orm,
      secretBox,
      orchestrator: deps.orchestrator,
      maxEndpointsPerRule,
      ruleTypes: alertRuleTypeCatalog(plugins),
      checks,
      clock,
      tokenRuleTypes: tokenRuleTypesOf(plugins),
      queries: new QueryValidator({ orm, plugins, secretBox, querier }),
    }),
    alertRuleGroups: new AlertRuleGroupActions({ orm, maxEndpointsPerRule }),
    alertRuleTags: new AlertRuleTags({ orm }),
    alertRuleNotify: new AlertRuleNotify({ orm, maxEndpointsPerRule }),
    alertRuleAccess: new AlertRuleAccess({ orm }),
    alertRuleLegacyFacts: new AlertRuleLegacyFactsReader({ orm }),
    alertRuleOptions: new AlertRuleOptions({ orm }),
    statusGroups: new StatusGroupService({ orm }),
    alertRuleCreateData: new AlertRuleCreateDataService({
      orm,
      plugins,
      secretBox,
      querier,
    }),
    behaviorRules: new BehaviorRuleService({ orm, checkTemplate, previewRuleTemplate, clock }),
    endpoints: new EndpointService({ orm, secretBox, otp, plugins }),
    endpointTransfers: new EndpointTransferService({ orm }),
    otp,
    providerConfigs: new ProviderConfigService({
      orm,
      secretBox,
      plugins,
      tester: deps.providerConfigTester,
    }),
    messengerProxies: new MessengerProxyService({ orm, secretBox }),
    cluster: new ClusterService({ orm, secretBox }),
    dataSources: new DataSourceService({
      orm,
      secretBox,
      prober: deps.dataSourceProber ?? unconfiguredProber,
      plugins,
      publicUrl: settings.publicUrl,
      checks,
    }),
    alerts: new AlertReadService({ orm, checks, clock }),
    episodes: new EpisodeReadService({ orm }),
    reporting: new ReportingService({ orm, secretBox, ruleTypes: alertRuleTypeCatalog(plugins), clock }),
    backlog: new ServiceBacklogReader({ orm, clock }),
    providerHealth: new ProviderHealthCheck({
      orm,
      secretBox,
      orchestrator: deps.orchestrator,
      clock,
      threshold: { ...DEFAULT_PROVIDER_FAILING, ...settings.providerFailing },
      maxEndpointsPerRule,
    }),
    webhooks,
    ruleActions: new RuleActions({ orm, orchestrator: deps.orchestrator, clock }),
    ackLinks,
    ackLinkActions: new AckLinkAcknowledgement({ orm, orchestrator: deps.orchestrator, clock, ackLinks }),
    autoResolver: new AutoResolver({ orm, orchestrator: deps.orchestrator, clock }),
    retention: new RetentionService({
      orm,
      clock,
      settings: { ...DEFAULT_RETENTION, ...settings.retention },
      otpSendWindowSeconds,
    }),
    live: new LiveEvents({ orm, clock, settings: { ...DEFAULT_LIVE_EVENTS, ...settings.liveEvents } }),
    ingestion: new ApiIngestion({
      orm,
      secretBox,
      orchestrator: deps.orchestrator,
      clock,
      limiter: new SlidingWindowLimiter(settings.ingestPerTokenPerMinute ?? 600, 60_000, clock),
      fireQueue: { maxWaiting: settings.ingestFireQueueMax, maxWaitMs: settings.ingestFireQueueWaitMs },
      prepared: deps.prepared,
    }),
  };
}
