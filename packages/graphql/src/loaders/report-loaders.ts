import type {
  Actor,
  AlertRuleView,
  Core,
  DeliveryAttemptView,
  EpisodeView,
  HistoryEventView,
  Slice,
  SliceQuery,
  TeamView,
} from '@oncall/core';
import DataLoader from 'dataloader';

/**
 * The request's batch loaders for nested report fields: each nested field asks for its parent's
 * rows, and one core call per batch answers every parent of that field at once, so a nested query
 * makes one round trip per level whatever the number of rows. Sliced loaders are kept per
 * `first`/`after`: parents asking the same page share a batch.
 */
export class ReportLoaders {
  private readonly loaders = new Map<string, DataLoader<string, unknown>>();

  constructor(
    private readonly core: Core,
    private readonly actor: () => Promise<Actor>,
  ) {}

  rule(id: string): Promise<AlertRuleView | null> {
    return this.load('rule', id, (actor, ids) => this.core.reporting.rulesById(actor, ids));
  }

  /** Teams are few and everyone signed in may read them: one read of them all answers a batch. */
  team(id: string): Promise<TeamView | null> {
    return this.load('team', id, async (actor, ids) => {
      const teams = new Map((await this.core.teams.all(actor)).map((team) => [team.id, team]));
      return ids.map((teamId) => teams.get(teamId) ?? null);
    });
  }

  teamRules(teamId: string): Promise<AlertRuleView[]> {
    return this.load('teamRules', teamId, (actor, ids) => this.core.reporting.rulesByTeam(actor, ids));
  }

  episode(id: string): Promise<EpisodeView | null> {
    return this.load('episode', id, (actor, ids) => this.core.reporting.episodesById(actor, ids));
  }

  event(id: string): Promise<HistoryEventView | null> {
    return this.load('event', id, (actor, ids) => this.core.reporting.eventsById(actor, ids));
  }

  ruleEpisodes(ruleId: string, slice: SliceQuery): Promise<Slice<EpisodeView>> {
    return this.load(sliceKey('ruleEpisodes', slice), ruleId, (actor, ids) =>
      this.core.reporting.episodesByRule(actor, ids, slice),
    );
  }

  episodeEvents(episodeId: string, slice: SliceQuery): Promise<Slice<HistoryEventView>> {
    return this.load(sliceKey('episodeEvents', slice), episodeId, (actor, ids) =>
      this.core.reporting.eventsByEpisode(actor, ids, slice),
    );
  }

  userAcknowledgements(userId: string, slice: SliceQuery): Promise<Slice<HistoryEventView>> {
    return this.load(sliceKey('userAcknowledgements', slice), userId, (actor, ids) =>
      this.core.reporting.acknowledgementsByUser(actor, ids, slice),
    );
  }

  eventDeliveries(eventId: string, slice: SliceQuery): Promise<Slice<DeliveryAttemptView>> {
    return this.load(sliceKey('eventDeliveries', slice), eventId, (actor, ids) =>
      this.core.reporting.deliveriesByEvent(actor, ids, slice),
    );
  }

  private load<V>(name: string, key: string, batch: (actor: Actor, keys: readonly string[]) => Promise<V[]>) {
    let loader = this.loaders.get(name);
    if (!loader) {
      loader = new DataLoader<string, unknown>(async (keys) => batch(await this.actor(), keys));
      this.loaders.set(name, loader);
    }
    // Each loader is made with one `batch`, whose values are V: the map only forgets the type.
    return loader.load(key) as Promise<V>;
  }
}

function sliceKey(name: string, slice: SliceQuery): string {
  return `${name}:${slice.first}:${slice.after ? `${slice.after.at}/${slice.after.id}` : ''}`;
}
