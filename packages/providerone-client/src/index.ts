export { callProviderOne, type ProviderOneCall } from './call-provider-one';
export { providerOneBaseUrlField } from './config-fields';
export { phoneDestinationSchema } from './destination';
