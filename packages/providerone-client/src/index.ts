export { callProviderOne, type ProviderOneCall } from './call-provider-one';
export { phoneDestinationSchema } from './destination';
