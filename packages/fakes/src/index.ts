export { type BotApiCall, type FakeBotApi, startFakeBotApi } from './fake-bot-api';
export {
  type FakeProxy,
  type FakeProxyOptions,
  type ProxiedConnection,
  startFakeHttpProxy,
} from './fake-http-proxy';
export {
  FAKE_LIST_DATA,
  FAKE_MONITORING_SYSTEM_TYPES,
  FAKE_ZABBIX_LOGIN,
  type FakeListData,
  type MonitoringRequest,
  startFakeMonitoringSystem,
} from './fake-monitoring-system';
export { type FakeProviderOne, type ProviderOneRequest, startFakeProviderOne } from './fake-provider-one';
export {
  type EndlessReply,
  endlessReply,
  type FakeReply,
  hangReply,
  jsonReply,
  resetReply,
  textReply,
} from './fake-reply';
export {
  type FakeSmtpServer,
  type FakeSmtpServerOptions,
  type ReceivedEmail,
  startFakeSmtpServer,
} from './fake-smtp-server';
export { startFakeSocks5Proxy } from './fake-socks5-proxy';
export {
  type FakeWebhookReceiver,
  type FakeWebhookReceiverOptions,
  startFakeWebhookReceiver,
  type WebhookDelivery,
} from './fake-webhook-receiver';
export {
  type FakeElasticsearch,
  type FakeElasticsearchOptions,
  startFakeElasticsearch,
} from './query-apis/fake-elasticsearch';
export { type FakeCard, type FakeMetabase, startFakeMetabase } from './query-apis/fake-metabase';
export {
  FAKE_GRAFANA_DATASOURCE_UID,
  type FakeGrafanaOptions,
  type FakeListedAlert,
  type FakePrometheus,
  type FakePrometheusOptions,
  type FakeSeries,
  startFakeGrafana,
  startFakePmm,
  startFakePrometheus,
} from './query-apis/fake-prometheus';
export type { FakeQueryApi, FakeQueryMode } from './query-apis/fake-query-api';
export {
  type FakeVictoriaLogs,
  type FakeVictoriaLogsOptions,
  startFakeVictoriaLogs,
} from './query-apis/fake-victoria-logs';
export {
  type RecordedHttpRequest,
  type RecordingHttpServer,
  startRecordingHttpServer,
} from './recording-http-server';
export { selfSignedCertificate, type TestCertificate } from './self-signed-certificate';
export { startTarpitServer, type TarpitServer } from './tarpit-server';
