import { describe, expect, it } from 'vitest';
import { clientLabel } from '../src/profile/session-label';

describe('clientLabel', () => {
  it('names the browser and the system from a User-Agent', () => {
    expect(
      clientLabel(
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36',
      ),
    ).toBe('Chrome on Linux');
    expect(clientLabel('Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Safari/604.1')).toBe(
      'Safari on iPhone',
    );
    expect(clientLabel('curl/8.5.0')).toBe('curl');
    expect(clientLabel(null)).toBe('Unknown client');
  });
});
