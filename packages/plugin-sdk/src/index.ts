export { z } from 'zod';
export {
  type AnyChannelDefinition,
  type ChannelCapabilities,
  type ChannelDefinition,
  type ChannelInstance,
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
export { loadChannelPlugins, type ModuleImporter, PluginLoadError } from './loader';
export type { ChannelMessage, MessageKind, MessageLink, MessageSeverity } from './message';
export { type PostJsonOptions, postJson } from './post-json';
export { escapeHtml } from './render/escape-html';
export { headline } from './render/headline';
export { type PlainTextOptions, toPlainText } from './render/plain-text';
export { truncate } from './render/truncate';
export { parseRetryAfterMs } from './retry-after';
export { toChannelError } from './to-channel-error';
export { vendorFetch } from './vendor-fetch';
