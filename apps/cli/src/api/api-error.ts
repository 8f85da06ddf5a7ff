import { CliError } from '../errors/cli-error';
import { ExitCode, type ExitCodeValue } from '../errors/exit-codes';

interface ErrorBody {
  message?: unknown;
  errors?: unknown;
}

/** The server's one error shape: `{message, code, errors: {"field.path": ["…"]}}`. */
function describe(body: unknown): string {
  if (!body || typeof body !== 'object') return '';
  const { message, errors } = body as ErrorBody;
  const lines = typeof message === 'string' ? [message] : [];
  if (errors && typeof errors === 'object') {
    for (const [field, problems] of Object.entries(errors)) {
      const text = Array.isArray(problems) ? problems.join('; ') : String(problems);
      lines.push(`  ${field}: ${text}`);
    }
  }
  return lines.join('\n');
}

function exitCodeFor(status: number): ExitCodeValue {
  if (status === 401) return ExitCode.auth;
  if (status === 403) return ExitCode.forbidden;
  if (status === 404) return ExitCode.notFound;
  if (status === 400 || status === 409 || status === 422 || status === 413) return ExitCode.usage;
  return ExitCode.server;
}

export function errorFromAnswer(status: number, body: unknown, what: string): CliError {
  const detail = describe(body) || `HTTP ${status}`;
  return new CliError(exitCodeFor(status), `${what}: ${detail}`);
}
