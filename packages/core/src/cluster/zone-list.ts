import type { Actor } from '../auth/actor';
import { assertCanManageSettings } from '../policy/settings-policy';

/** A deployment requests can be sent to, as the legacy web UI's zone picker and Clusters page list them. */
export interface ZoneView {
  id: string;
  name: string;
  type: 'main';
  url: string;
}

/**
 * The zones a request may name. Agents are not registered on a main yet, so the list is this
 * deployment alone, the main, reached at `PUBLIC_URL`.
 */
export class ZoneList {
  constructor(private readonly deps: { publicUrl: string | undefined }) {}

  /** For every signed-in user: the zone picker. */
  zones(_actor: Actor): ZoneView[] {
    return [{ id: 'main', name: 'main', type: 'main', url: this.deps.publicUrl ?? '' }];
  }

  /** The Clusters page, where zones are managed: owner and manager roles. */
  instances(actor: Actor): ZoneView[] {
    assertCanManageSettings(actor);
    return this.zones(actor);
  }
}
