import type { ProviderConfigForms } from '@oncall/core';
import { router } from '../trpc';
import { clusterRouter } from './cluster-router';
import { messengerProxyRouter } from './messenger-proxy-router';
import { createProviderConfigRouter } from './provider-config-router';

/**
 * Instance-wide settings (owner and manager roles): `configs.providerConfigs.*` (the kinds of the
 * loaded plugins), `.messengerProxies.*`, `.cluster.*`.
 */
export function createConfigRouter(providerConfigForms: ProviderConfigForms) {
  return router({
    providerConfigs: createProviderConfigRouter(providerConfigForms),
    messengerProxies: messengerProxyRouter,
    cluster: clusterRouter,
  });
}
