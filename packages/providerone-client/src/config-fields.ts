import { wireFields } from '@oncall/plugin-sdk';

/**
 * The `baseUrl` of a providerOne provider config as clients write it: optional (`null` or `""`
 * clears it, the channel then uses the vendor's host), and the API token goes there, so changing
 * it needs the token sent again (`secretBoundFields`).
 */
export const providerOneBaseUrlField = wireFields
  .optionalHttpUrl('base url')
  .describe("providerOne's API base URL (extension); default https://api.kavenegar.com.");
