import type { MikroORM } from '@mikro-orm/core';
import { type Clock, type ClusterService, type SecretBox, ZONE_SYNC_SETTING } from '@oncall/core';
import { SystemSetting } from '@oncall/core/persistence';
import type { Dispatcher } from 'undici';
import { request } from 'undici';
import { FORWARD_TIMEOUT_MS, zoneUrl } from './zone-forwarder';
import { OLDER_MAIN, resealSnapshot, zoneSnapshotSchema } from './zone-snapshot';
import { applySnapshot, NO_SYNCED_IDS, type SyncedIds } from './zone-snapshot-apply';
import { zoneSyncBox } from './zone-sync-box';
import { assertionKeyOf } from './zone-token';

export interface ZoneFollowerDeps {
  orm: MikroORM;
  cluster: ClusterService;
  /** This agent's own box: the copied secrets are sealed under it at rest. */
  secretBox: SecretBox;
  clock: Clock;
  dispatcher: Dispatcher;
  /** How often the agent copies even when the main signals no change (`ZONE_SYNC_SECONDS`). */
  syncEveryMs: number;
}

/** What the agent remembers of its last copy, as the `zone-sync` system setting. */
interface SyncState {
  version: string | null;
  syncedAt: string | null;
  ids: SyncedIds;
}

/** A snapshot is bigger than a heartbeat: it gets four forwarding bounds. */
const SYNC_TIMEOUT_MS = 4 * FORWARD_TIMEOUT_MS;

/**
 * The agent following its main: copies the main's users, teams, endpoints and provider configs
 * (`GET /zones/sync` with the zone token) on start, every `syncEveryMs`, and when the main's
 * heartbeat answer names a version other than the one held. When the main cannot be reached, or
 * refuses the token, the last copy stays and the agent pages with it. One copy at a time.
 */
export class ZoneFollower {
  /** The version the main's last heartbeat answer named; null before one. */
  private signaled: string | null = null;
  /** When this process last tried to copy; null before the first try (a copy is due on start). */
  private triedAt: number | null = null;

  constructor(private readonly deps: ZoneFollowerDeps) {}

  /**
   * The main named the version of its rows (in a heartbeat answer): the next pass copies them when
   * it differs from the copy held. Heartbeats never wait for a copy.
   */
  signal(version: string): void {
    this.signaled = version;
  }

  /** One pass of the sync loop: copies when one is due (start, period, or a signaled change). */
  async pass(): Promise<boolean> {
    const now = this.deps.clock.now().getTime();
    const periodDue = this.triedAt === null || now - this.triedAt >= this.deps.syncEveryMs;
    const changed = this.signaled !== null && this.signaled !== (await this.state()).version;
    if (!periodDue && !changed) return false;
    return this.copy();
  }

  /** Copies the main's rows now; false when this deployment follows no main. */
  private async copy(): Promise<boolean> {
    this.triedAt = this.deps.clock.now().getTime();
    const source = await this.deps.cluster.source();
    if (!source) return false;
    const answer = await request(zoneUrl(source.sourceUrl, '/api/v1/zones/sync'), {
      method: 'GET',
      headers: { authorization: `Bearer ${source.sourceToken}`, accept: 'application/json' },
      dispatcher: this.deps.dispatcher,
      signal: AbortSignal.timeout(SYNC_TIMEOUT_MS),
      headersTimeout: SYNC_TIMEOUT_MS,
      bodyTimeout: SYNC_TIMEOUT_MS,
    });
    if (answer.statusCode !== 200) {
      await answer.body.dump();
      throw new Error(`the main answered the sync with ${answer.statusCode}; the last copy stays`);
    }
    const parsed = zoneSnapshotSchema.safeParse(await answer.body.json());
    if (!parsed.success) {
      const older = parsed.error.issues.some(({ message }) => message === OLDER_MAIN);
      throw new Error(
        older
          ? `the main answered the sync with ${OLDER_MAIN}; the last copy stays`
          : 'the main answered the sync with an unreadable snapshot; the last copy stays',
      );
    }
    const wire = zoneSyncBox(assertionKeyOf(source.sourceToken));
    const own = this.deps.secretBox;
    const snapshot = resealSnapshot(parsed.data, {
      sealed: (text) => own.encrypt(wire.decrypt(text)),
      password: (text) => wire.decrypt(text),
    });
    const previous = await this.state();
    const ids = await applySnapshot(this.deps.orm.em, snapshot, previous.ids);
    const state: SyncState = {
      version: snapshot.version,
      syncedAt: this.deps.clock.now().toISOString(),
      ids,
    };
    await this.deps.orm.em.fork().upsert(SystemSetting, { key: ZONE_SYNC_SETTING, value: { ...state } });
    return true;
  }

  private async state(): Promise<SyncState> {
    const setting = await this.deps.orm.em.fork().findOne(SystemSetting, { key: ZONE_SYNC_SETTING });
    const value = setting?.value;
    const ids = value?.ids;
    return {
      version: typeof value?.version === 'string' ? value.version : null,
      syncedAt: typeof value?.syncedAt === 'string' ? value.syncedAt : null,
      ids: isSyncedIds(ids) ? ids : NO_SYNCED_IDS,
    };
  }
}

function isSyncedIds(value: unknown): value is SyncedIds {
  if (!value || typeof value !== 'object') return false;
  const record = value as Record<string, unknown>;
  return ['users', 'teams', 'endpoints', 'providerConfigs'].every(
    (kind) =>
      Array.isArray(record[kind]) && (record[kind] as unknown[]).every((id) => typeof id === 'string'),
  );
}
