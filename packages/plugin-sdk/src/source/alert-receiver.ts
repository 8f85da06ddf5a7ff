import type { z } from 'zod';
import type { PayloadIssue } from './normalize-payload';

/**
 * Where a data source's receiver is reached, as the host hands it to {@link ReceiverSetup.show}.
 *
 * - `publicUrl`: `PUBLIC_URL` as configured; undefined without one.
 * - `webhookUrl`: the data source's webhook URL (`{PUBLIC_URL}/api/v1/{type}-alert/{token}`; the
 *   path alone without `PUBLIC_URL`).
 * - `tokenPath`: that URL's path (`PUBLIC_URL`'s own base path kept), the token in it.
 * - `credentialsPath`: the same path without the token, where a request sends the token as its
 *   `Authorization` credentials instead.
 *
 * @example { publicUrl: 'https://oncall.example.com', webhookUrl: 'https://oncall.example.com/api/v1/uptime-alert/ds_x',
 *   tokenPath: '/api/v1/uptime-alert/ds_x', credentialsPath: '/api/v1/uptime-alert' }
 */
export interface ReceiverAddress {
  readonly publicUrl: string | undefined;
  readonly webhookUrl: string;
  readonly tokenPath: string;
  readonly credentialsPath: string;
}

/**
 * What a data source's read shows about a receiver (`GET /data-source/{id}`): a field of its own,
 * the receiver's setup for data sources of the plugin's type, null for any other type. Receivers
 * that share a field share one setup (declare it once and use it in each plugin).
 *
 * - `field`: the read's field name; `schema` its value's shape and `description` its documentation.
 * - `show(address)`: the value for one data source.
 *
 * @example { field: 'hookSetup', description: 'what to paste into the sender', schema: z.object({ url: z.string() }),
 *   show: (address) => ({ url: `${address.webhookUrl}/v1/events` }) }
 */
export interface ReceiverSetup<Schema extends z.ZodObject = z.ZodObject> {
  readonly field: string;
  readonly description: string;
  readonly schema: Schema;
  show(address: ReceiverAddress): z.output<Schema>;
}

/** One alert a receiver read: the plugin's own payload for it, and when it stops firing unless sent again. */
export interface ReceivedAlert {
  readonly payload: unknown;
  readonly expiresAt?: Date;
}

/** What a receiver made of a body: the alerts, or why the body is not the receiver's. */
export type ReceivedBody =
  | { readonly ok: true; readonly alerts: readonly ReceivedAlert[] }
  | { readonly ok: false; readonly issues: readonly PayloadIssue[] };

/**
 * A wire a webhook source takes alerts on besides its own payload: a protocol another system
 * speaks to the source's vendor (an API of the vendor's alert router, say), so the sender can post
 * to the service as it would to the vendor. The host serves it at `{webhook URL}{path}` (the token
 * in the path) and at `/api/v1/{type}-alert{path}` (the token as the `Authorization` credentials:
 * `Bearer <token>`, or basic authentication whose password, or user name, is the token), answering
 * 200 with an empty body. Declare it once (a shared package) when several plugins take it.
 *
 * - `path`: under the webhook URL, `/`-led (`/api/v2/alerts`).
 * - `body`: how the OpenAPI document names and describes the body.
 * - `refusal`: the 422's message for a body `read` refuses.
 * - `batchField`: as the source's own (`''`: the body itself is the list): an alert whose text
 *   cannot be stored is refused alone.
 * - `read(body, now)`: each alert of the body as the plugin's own payload (which its `payloadSchema`
 *   must accept and `normalize` reads) with its expiry; pure, `now` is the host's clock.
 * - `setup`: what a data source's read shows about this receiver (see {@link ReceiverSetup}).
 *
 * @example receivers: [alertRouterApi] // a receiver a shared package exports
 */
export interface AlertReceiver {
  readonly path: `/${string}`;
  readonly body: { readonly name: string; readonly description: string };
  readonly refusal: string;
  readonly batchField?: string;
  read(body: unknown, now: Date): ReceivedBody;
  readonly setup?: ReceiverSetup;
}
