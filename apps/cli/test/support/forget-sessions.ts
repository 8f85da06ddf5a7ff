import { Entry } from '@napi-rs/keyring';
import { afterAll } from 'vitest';
import { testKeyringServices } from './run-cli';

/**
 * On Linux the kernel keyring the tests use links the user's persistent keyring, which outlives the
 * test's `keyctl session`: what the CLI left there (a test that did not log out) is removed here.
 */
afterAll(() => {
  for (const service of testKeyringServices()) {
    for (const profile of ['default', 'staging']) {
      try {
        new Entry(service, profile).deletePassword();
      } catch {
        // No keyring in this run: nothing was stored.
      }
    }
  }
});
