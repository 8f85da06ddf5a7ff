import { router } from '../trpc';
import { clusterRouter } from './cluster-router';
import { messengerProxyRouter } from './messenger-proxy-router';
import { providerConfigRouter } from './provider-config-router';

/** Instance-wide settings (owner and manager roles): `configs.providerConfigs.*`, `.messengerProxies.*`, `.cluster.*`. */
export const configRouter = router({
  providerConfigs: providerConfigRouter,
  messengerProxies: messengerProxyRouter,
  cluster: clusterRouter,
});
