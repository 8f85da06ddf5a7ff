import { useQuery } from '@tanstack/react-query';
import { trpc } from '../trpc/client';
import type { RouterOutputs } from '../trpc/router-types';

/** How to write an endpoint of one type, as the server reads it from the type's channel plugin. */
export type EndpointTypeForm = RouterOutputs['endpoints']['types'][number];
export type EndpointFormField = EndpointTypeForm['fields'][number];

/**
 * The endpoint types the server's plugins offer, and what each is called; a type the answer does
 * not list (or before it arrives) is called by its name.
 */
export function useEndpointTypes() {
  const query = useQuery({ ...trpc.endpoints.types.queryOptions(), staleTime: Number.POSITIVE_INFINITY });
  const forms = query.data ?? [];
  return {
    forms,
    loading: query.isPending,
    error: query.error,
    labelOf: (type: string) => labelOf(forms, type),
  };
}

export function labelOf(forms: readonly EndpointTypeForm[], type: string): string {
  return forms.find((form) => form.type === type)?.label ?? type;
}

/** A type's label inside a sentence: "sent by SMS", "sent by voice call". */
export function inSentence(label: string): string {
  const [first = ''] = label.split(' ');
  return first === first.toUpperCase() ? label : label.charAt(0).toLowerCase() + label.slice(1);
}
