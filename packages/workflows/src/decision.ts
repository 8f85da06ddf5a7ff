/**
 * What a decider returns: the next state and the commands a driver must execute, in order.
 * Both are plain JSON so the embedded driver can store them in a job and Temporal can replay them.
 *
 * @example
 * const { state, commands } = decideFlow(current, { type: 'acknowledged' });
 * // commands: [{ type: 'finish', outcome: 'acknowledged' }]
 */
export interface Decision<State, Command> {
  readonly state: State;
  readonly commands: readonly Command[];
}
