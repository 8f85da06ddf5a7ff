export { BlockedTargetError } from './blocked-target-error';
export { cloudMetadataTarget, isCloudMetadataAddress } from './cloud-metadata';
export { isForbiddenAddress } from './forbidden-ranges';
export { createHostFetch, type HostFetch, type HostFetchOptions } from './host-fetch';
export type { ProxySettings } from './proxy-settings';
export type { ResolvedAddress, Resolver } from './resolver';
export type { TargetPolicyOptions } from './target-policy';
export type { TlsSettings } from './tls-settings';
