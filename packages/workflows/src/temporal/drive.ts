import { condition } from '@temporalio/workflow';
import type { Decision } from '../decision';

/** A pending timer: at `atMs` (workflow time) the driver feeds `fire()` to the decider. */
export interface Timer<Event> {
  readonly atMs: number;
  readonly fire: () => Event;
}

/** What executing a command may do besides awaiting an activity. */
export interface Effects<Event> {
  /** Queues the event a command produced (an activity result) for the decider. */
  emit(event: Event): void;
  /** Replaces the pending timer, the meaning every decider gives to `wait`. */
  startTimer(timer: Timer<Event>): void;
}

export interface Drive<State, Event, Command, Result> {
  readonly decide: (state: State, event: Event) => Decision<State, Command>;
  readonly state: State;
  /** Events to feed, in order; signal handlers push to it while the workflow runs. */
  readonly inbox: Event[];
  /** Runs one command; returning `{ result }` ends the workflow with it. */
  readonly execute: (
    command: Command,
    effects: Effects<Event>,
  ) => Promise<{ readonly result: Result } | undefined>;
  /** Called when the workflow is about to block with nothing to do, e.g. to continue as new. */
  readonly onIdle?: (state: State) => Promise<void>;
}

/**
 * The Temporal driver's event loop, shared by every workflow: feed the next event to the decider,
 * execute its commands in order, and when nothing is queued block until a signal arrives or the
 * pending timer is due. The timer survives events the decider ignores, so a stray signal cannot
 * swallow a wait.
 */
export async function drive<State, Event, Command, Result>(
  loop: Drive<State, Event, Command, Result>,
): Promise<Result> {
  let state = loop.state;
  let timer: Timer<Event> | null = null;
  const effects: Effects<Event> = {
    emit: (event) => {
      loop.inbox.push(event);
    },
    startTimer: (next) => {
      timer = next;
    },
  };
  for (;;) {
    const event = loop.inbox.shift();
    if (event === undefined) {
      await loop.onIdle?.(state);
      timer = await waitForInboxOrTimer(loop.inbox, timer);
      continue;
    }
    const decision = loop.decide(state, event);
    state = decision.state;
    for (const command of decision.commands) {
      const done = await loop.execute(command, effects);
      if (done !== undefined) return done.result;
    }
  }
}

/** Blocks until the inbox has an event; a due timer puts its event there. Returns the timer still pending. */
async function waitForInboxOrTimer<Event>(
  inbox: Event[],
  timer: Timer<Event> | null,
): Promise<Timer<Event> | null> {
  if (timer === null) {
    await condition(() => inbox.length > 0);
    return null;
  }
  const remainingMs = timer.atMs - Date.now();
  // A due or zero-length wait fires without a Temporal timer: the SDK special-cases condition(fn, 0)
  // with a patch marker in the history, and a 0 ms timer only costs a round trip.
  if (remainingMs > 0 && (await condition(() => inbox.length > 0, remainingMs))) return timer;
  inbox.push(timer.fire());
  return null;
}
