import { describe, expect, it } from 'vitest';
import { summarizeSegments } from '../src/status/timeline-bars';

describe('summarizeSegments', () => {
  it('says each state with its share of the window, most first', () => {
    const segments = ['resolved', 'critical', 'resolved', 'resolved'].map((status) => ({ status }));
    expect(summarizeSegments(segments)).toBe('resolved 75%, critical 25%');
    expect(summarizeSegments([])).toBe('');
  });
});
