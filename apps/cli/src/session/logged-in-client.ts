import { ApiClient, type SessionAccess } from '../api/api-client';
import type { CliContext } from '../cli-context';
import { CliError } from '../errors/cli-error';
import { ExitCode } from '../errors/exit-codes';
import { sessionStoreFor } from './session-store';
import type { StoredSession } from './stored-session';

const profileFlag = (profile: string) => (profile === 'default' ? '' : ` --profile ${profile}`);

/** A client for the profile's stored session; no session is an auth error that says how to log in. */
export function loggedInClient(ctx: CliContext): ApiClient {
  const store = sessionStoreFor(ctx.settings);
  let cached: StoredSession | undefined;
  const access: SessionAccess = {
    async current() {
      if (cached) return cached;
      const stored = await store.read(ctx.profile, ctx.env);
      if (!stored) {
        throw new CliError(
          ExitCode.auth,
          `Not logged in (profile "${ctx.profile}"); log in first: oncall login${profileFlag(ctx.profile)}`,
        );
      }
      if (stored.apiUrl !== ctx.address.url) {
        // Tokens from one server are never sent to another.
        throw new CliError(
          ExitCode.auth,
          `Profile "${ctx.profile}" is logged in to ${stored.apiUrl}, not ${ctx.address.url} (from ${ctx.address.source}); ` +
            `log in there, or use another profile: oncall login --profile <name> --api-url ${ctx.address.url}`,
        );
      }
      cached = stored;
      return stored;
    },
    async replace(session) {
      cached = session;
      await store.write(ctx.profile, session, ctx.env);
    },
  };
  return new ApiClient(ctx.address, ctx.zone, access);
}

export const anonymousClient = (ctx: CliContext) => new ApiClient(ctx.address, ctx.zone, undefined);
