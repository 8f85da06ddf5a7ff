import type { ProviderKind } from '../entities/provider-config.entity';

/**
 * The vendors each kind can use, named as provider configs store them. The delivery engine maps
 * (kind, provider) to the channel plugin that talks to the vendor.
 */
export const AVAILABLE_PROVIDERS: Readonly<Record<ProviderKind, readonly string[]>> = {
  call: ['providerOne'],
  sms: ['providerOne'],
  email: ['smtp'],
};
