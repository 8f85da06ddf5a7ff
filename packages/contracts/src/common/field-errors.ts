import type { z } from 'zod';

/**
 * zod issues as `path → messages`, the shape every face reports under `errors`/`fieldErrors`:
 * dotted paths such as `userIds.0`. An unknown field (strict inputs) is reported under its own
 * name, so a client sees which key to drop; an issue about the whole input sits under `input`.
 */
export function fieldErrorsFromIssues(issues: readonly z.core.$ZodIssue[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const add = (path: readonly PropertyKey[], message: string) => {
    const key = path.map(String).join('.') || 'input';
    errors[key] = [...(errors[key] ?? []), message];
  };
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) add([...issue.path, key], `The ${key} field is not allowed.`);
    } else {
      add(issue.path, issue.message);
    }
  }
  return errors;
}
