import { hash } from 'node:crypto';

/**
 * API alerts are one instance per (alertname, instance). Hashed so any length of either fits the
 * indexed column, with a separator no text contains so ('a b', 'c') and ('a', 'b c') differ.
 */
export function apiFingerprint(alertname: string | null | undefined, instance: string): string {
  // One-shot: no Hash object per fire.
  return hash('sha256', `${alertname ?? ''}\u0000${instance}`, 'hex');
}
