import { useEffect, useState } from 'react';
import { serverPath } from '../trpc/server-url';

/** How users may sign in, as `GET /api/v1/auth/providers` answers. */
export interface SignInOptions {
  sso: boolean;
  localLogin: boolean;
}

/** Password login until the server says otherwise: a server that does not answer still gets a form. */
const UNTOLD: SignInOptions = { sso: false, localLogin: true };

export function useSignInOptions(): SignInOptions {
  const [options, setOptions] = useState<SignInOptions>(UNTOLD);
  useEffect(() => {
    let live = true;
    fetch(new URL(serverPath('api/v1/auth/providers'), document.baseURI))
      .then((answer) => (answer.ok ? answer.json() : UNTOLD))
      .then((told: Partial<SignInOptions>) => {
        if (live) setOptions({ sso: told.sso === true, localLogin: told.localLogin !== false });
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return options;
}

/** Where the browser goes to sign in with the identity provider. */
export function ssoLoginUrl(): string {
  return new URL(serverPath('api/v1/auth/oidc/login'), document.baseURI).href;
}
