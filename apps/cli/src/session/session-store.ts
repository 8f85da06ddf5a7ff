import type { ProfileSettings } from '../settings/config-file';
import { insecureFileStore } from './insecure-file-store';
import { keyringStore } from './keyring-store';

export type SessionStore = typeof keyringStore | typeof insecureFileStore;

/** A profile logged in with `--insecure-storage` reads its file; every other one the keyring. */
export const sessionStoreFor = (settings: ProfileSettings): SessionStore =>
  settings.insecureStorage ? insecureFileStore : keyringStore;
