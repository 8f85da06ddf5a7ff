import type { MikroORM } from '@mikro-orm/core';
import type { Actor } from '../auth/actor';
import { maskSecret, type SecretBox } from '../crypto/secret-box';
import { changedDestinationField, submittedSecret } from '../crypto/submitted-secret';
import { SystemSetting } from '../entities/system-setting.entity';
import { assertCanManageSettings } from '../policy/settings-policy';
import type { ClusterType, ClusterView } from './cluster-view';

/**
 * A main serves everything and names no source; an agent names its main (`sourceUrl`) and the token
 * the main gave it. On save, the token left out or sent back masked keeps the stored one.
 */
export type ClusterInput =
  | { type: 'main' }
  | { type: 'agent'; sourceUrl: string; sourceToken?: string | null };

interface StoredCluster {
  type: ClusterType;
  sourceUrl: string;
  /** Decrypted. */
  sourceToken: string | undefined;
}

/** Where an agent's main is and the token it gave the agent (decrypted): for the zone module, never answered. */
export interface ClusterSource {
  sourceUrl: string;
  sourceToken: string;
}

const KEY = 'cluster';
const MAIN: StoredCluster = { type: 'main', sourceUrl: '', sourceToken: undefined };
const SOURCE_TOKEN = {
  path: 'sourceToken',
  label: 'source token',
  requiredMessage: 'The source token field is required when type is agent.',
};

/** The instance's role in a cluster, stored as the `cluster` system setting (token sealed). */
export class ClusterService {
  constructor(private readonly deps: { orm: MikroORM; secretBox: SecretBox }) {}

  /** The saved configuration, or a main's when nothing is saved. */
  async get(actor: Actor): Promise<ClusterView> {
    assertCanManageSettings(actor);
    return toView(await this.read());
  }

  async save(actor: Actor, input: ClusterInput): Promise<ClusterView> {
    assertCanManageSettings(actor);
    const stored = await this.read();
    const next: StoredCluster =
      input.type === 'main'
        ? MAIN
        : {
            type: 'agent',
            sourceUrl: input.sourceUrl,
            sourceToken: submittedSecret(
              input.sourceToken,
              stored.sourceToken,
              SOURCE_TOKEN,
              changedDestinationField({ sourceUrl: stored.sourceUrl }, { sourceUrl: input.sourceUrl }),
            ),
          };
    await this.deps.orm.em.fork().upsert(SystemSetting, {
      key: KEY,
      value: {
        type: next.type,
        sourceUrl: next.sourceUrl,
        sealedSourceToken: next.sourceToken ? this.deps.secretBox.encrypt(next.sourceToken) : null,
      },
    });
    return toView(next);
  }

  /** The main this deployment follows, when it is an agent with a token; null on a main. */
  async source(): Promise<ClusterSource | null> {
    const stored = await this.read();
    if (stored.type !== 'agent' || !stored.sourceToken) return null;
    return { sourceUrl: stored.sourceUrl, sourceToken: stored.sourceToken };
  }

  private async read(): Promise<StoredCluster> {
    const setting = await this.deps.orm.em.fork().findOne(SystemSetting, { key: KEY });
    if (!setting) return MAIN;
    const { type, sourceUrl, sealedSourceToken } = setting.value;
    if (type !== 'agent' || typeof sourceUrl !== 'string') return MAIN;
    return {
      type,
      sourceUrl,
      sourceToken:
        typeof sealedSourceToken === 'string' ? this.deps.secretBox.decrypt(sealedSourceToken) : undefined,
    };
  }
}

function toView(cluster: StoredCluster): ClusterView {
  return { type: cluster.type, sourceUrl: cluster.sourceUrl, sourceToken: maskSecret(cluster.sourceToken) };
}
