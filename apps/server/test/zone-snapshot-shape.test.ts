import { OLDER_MAIN, zoneSnapshotSchema } from '@oncall/zones';
import { describe, expect, it } from 'vitest';

const OWNER = '0192f0a4-1d2e-7c3b-9a4f-000000000001';
const ENDPOINT = '0192f0a4-1d2e-7c3b-9a4f-000000000002';

/** A main's sync answer holding one Mattermost endpoint as `endpoint` says, and nothing else. */
const snapshotWith = (endpoint: Record<string, unknown>) => ({
  version: '1.0.0',
  users: [],
  teams: [],
  teamMembers: [],
  endpoints: [
    {
      id: ENDPOINT,
      name: 'ops chat',
      type: 'matter-most',
      steps: null,
      ownerId: OWNER,
      createdAt: 'now',
      ...endpoint,
    },
  ],
  endpointAccessUsers: [],
  endpointAccessTeams: [],
  providerConfigs: [],
});

// Issue #27: endpoints are stored in one shape (`destination`, `sealedDestination`). An agent
// upgraded before its main would read the main's endpoints of the first release's shape (`value`,
// `sealedValue`) without destinations and copy endpoints that cannot send: it refuses the snapshot
// whole, keeps its last copy, and says to upgrade the main.
describe("an agent reading its main's snapshot", () => {
  it('takes endpoints in the one stored shape', () => {
    const parsed = zoneSnapshotSchema.safeParse(
      snapshotWith({ destination: null, sealedDestination: 'sealed-webhook-url' }),
    );
    expect(parsed.success).toBe(true);
  });

  it("refuses an older main's endpoints, which carry no destination, saying why", () => {
    const parsed = zoneSnapshotSchema.safeParse(
      snapshotWith({ value: null, sealedValue: 'sealed-webhook-url', sealedDestination: null }),
    );
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues).toContainEqual(
      expect.objectContaining({ path: ['endpoints', 0, 'destination'], message: OLDER_MAIN }),
    );
  });
});
