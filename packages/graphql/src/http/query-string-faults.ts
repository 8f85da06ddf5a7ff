import { findInputFault, type InputFault } from '@oncall/contracts';

/** The query-string parameters Yoga reads as JSON on a GET. */
const JSON_PARAMETERS = ['variables', 'extensions'] as const;

/**
 * The first value nested too deep among a GET's JSON parameters, at the parameter's name: the
 * bound POST bodies get, for the same values sent in the URL. Every occurrence of a parameter is
 * checked, whichever one Yoga reads. Text that is no JSON is left to Yoga's own 400.
 */
export function findQueryStringFault(url: string): InputFault | undefined {
  // Read as Yoga reads it: everything after the first `?`.
  const parameters = new URLSearchParams(url.slice(url.indexOf('?') + 1));
  for (const name of JSON_PARAMETERS) {
    for (const text of parameters.getAll(name)) {
      const fault = findInputFault(parsedJson(text), { text: false });
      if (fault !== undefined) return { ...fault, path: [name, fault.path].filter(Boolean).join('.') };
    }
  }
  return undefined;
}

function parsedJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
