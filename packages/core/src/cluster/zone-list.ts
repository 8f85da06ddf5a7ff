import type { Actor } from '../auth/actor';
import { conflict, DomainError, notFound } from '../errors/domain-error';
import { assertCanManageSettings } from '../policy/settings-policy';

/** A deployment requests can be sent to, as the legacy web UI's zone picker and Clusters page list them. */
export interface ZoneView {
  id: string;
  name: string;
  type: 'main';
  url: string;
}

export interface ZoneListQuery {
  name?: string;
}

/** The main's id in lists; requests naming it, or naming no zone, are served here. */
const MAIN_ZONE_ID = 'main';

const ZONE = 'Zone';
const MAIN_ALONE = 'This deployment serves the main zone alone';

/**
 * The zones a request may name. Agents are not registered on a main, so the list is this
 * deployment alone, the main, reached at `PUBLIC_URL`; its name and address come from the
 * configuration, so it is neither edited nor deleted here.
 */
export class ZoneList {
  constructor(private readonly deps: { publicUrl: string | undefined }) {}

  /** For every signed-in user: the zone picker. */
  zones(_actor: Actor): ZoneView[] {
    return [this.main()];
  }

  /** The Clusters page, where zones are managed: owner and manager roles; `name` filters by partial, case-insensitive match. */
  instances(actor: Actor, query: ZoneListQuery = {}): ZoneView[] {
    assertCanManageSettings(actor);
    const name = query.name?.toLowerCase();
    return this.zones(actor).filter((zone) => !name || zone.name.toLowerCase().includes(name));
  }

  instance(actor: Actor, id: string): ZoneView {
    assertCanManageSettings(actor);
    return this.known(id);
  }

  /** Whether the zone answers: the main is the deployment answering. */
  connection(_actor: Actor, id: string): { isConnected: boolean } {
    this.known(id);
    return { isConnected: true };
  }

  register(actor: Actor): never {
    assertCanManageSettings(actor);
    throw conflict(`${MAIN_ALONE}: agent zones are not registered on it.`);
  }

  change(actor: Actor, id: string): never {
    assertCanManageSettings(actor);
    this.known(id);
    throw conflict(
      'The main zone is this deployment: its name is fixed and its URL is the configured PUBLIC_URL.',
    );
  }

  remove(actor: Actor, id: string): never {
    assertCanManageSettings(actor);
    this.known(id);
    throw conflict('The main zone is this deployment and cannot be deleted.');
  }

  /**
   * A request naming a zone (`X-Cluster`) is served here when it names the main or none (empty, as
   * the legacy web UI sends for its own "Main" entry); any other zone is a 404, not a silent answer
   * from the main under another zone's name.
   */
  assertServedHere(zone: string | undefined): void {
    const named = zone?.trim() ?? '';
    if (named === '' || named === MAIN_ZONE_ID) return;
    throw new DomainError(
      'not_found',
      `The zone named in X-Cluster is not found. ${MAIN_ALONE}: send no X-Cluster, or "${MAIN_ZONE_ID}".`,
    );
  }

  private known(id: string): ZoneView {
    if (id !== MAIN_ZONE_ID) throw notFound(ZONE);
    return this.main();
  }

  private main(): ZoneView {
    return { id: MAIN_ZONE_ID, name: 'main', type: 'main', url: this.deps.publicUrl ?? '' };
  }
}
