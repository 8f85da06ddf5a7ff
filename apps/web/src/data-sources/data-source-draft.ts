import type { RouterInputs, RouterOutputs } from '../trpc/router-types';

export type DataSourceRow = RouterOutputs['dataSources']['list']['items'][number];
type CreateInput = RouterInputs['dataSources']['create'];

/** What the data source form edits: every field as text, as its inputs hold it. */
export interface DataSourceDraft {
  type: string;
  name: string;
  url: string;
  username: string;
  /** Masked as read on edit: sent back unchanged, the stored secret is kept; emptied, it is cleared. */
  apiToken: string;
  password: string;
  timeoutSeconds: string;
  pollIntervalSeconds: string;
  tlsSkipVerify: boolean;
  caCertificate: string;
}

export function draftOf(source: DataSourceRow | null, firstType: string): DataSourceDraft {
  return {
    type: source?.type ?? firstType,
    name: source?.name ?? '',
    url: source?.url ?? '',
    username: source?.username ?? '',
    apiToken: source?.apiToken ?? '',
    password: source?.password ?? '',
    timeoutSeconds: source ? String(source.timeoutSeconds) : '',
    pollIntervalSeconds: source?.pollIntervalSeconds ? String(source.pollIntervalSeconds) : '',
    tlsSkipVerify: source?.tlsSkipVerify ?? false,
    caCertificate: source?.caCertificate ?? '',
  };
}

/** A number field's text as the body takes it: blank is left out (the default), else a number (the server checks it). */
const numberOrUndefined = (text: string) => (text.trim() === '' ? undefined : Number(text));

/**
 * The create or update body of a draft. A blank poll interval means "not polled" (`null`); blank
 * credentials are cleared (`null`), masked ones sent back as read, which keeps them.
 */
export function bodyOf(draft: DataSourceDraft): CreateInput {
  return {
    type: draft.type as CreateInput['type'],
    name: draft.name,
    url: draft.url,
    username: draft.username.trim() === '' ? null : draft.username,
    apiToken: draft.apiToken === '' ? null : draft.apiToken,
    password: draft.password === '' ? null : draft.password,
    timeoutSeconds: numberOrUndefined(draft.timeoutSeconds),
    pollIntervalSeconds: numberOrUndefined(draft.pollIntervalSeconds) ?? null,
    tlsSkipVerify: draft.tlsSkipVerify,
    caCertificate: draft.caCertificate.trim() === '' ? null : draft.caCertificate,
  };
}
