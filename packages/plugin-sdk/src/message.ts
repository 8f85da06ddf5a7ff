/**
 * How bad the alert is; `triggered` marks one-shot notification rules that have no resolve.
 *
 * @example const loud = (severity: MessageSeverity) => severity === 'critical';
 */
export type MessageSeverity = 'critical' | 'warning' | 'resolved' | 'info' | 'triggered';

/**
 * Why the message is sent. `otp` carries a verification code in `body` and nothing else.
 *
 * @example const text = message.kind === 'otp' ? message.body : toPlainText(message);
 */
export type MessageKind = 'alert' | 'resolve' | 'acknowledge' | 'test' | 'otp';

/**
 * A link shown under the body.
 *
 * @example { label: 'Dashboard', url: 'https://grafana.example.com/d/abc' }
 */
export interface MessageLink {
  readonly label: string;
  readonly url: string;
}

/**
 * One alert instance a grouped message carries.
 *
 * @example { state: 'firing', title: 'Disk almost full on db-7' }
 */
export interface MessageGroupItem {
  readonly state: 'firing' | 'resolved';
  readonly title: string;
}

/**
 * The instances of one rule gathered into one message during its group interval (docs/grouping.md).
 * `items` is already bounded by the host; `more` counts the instances left out of it.
 *
 * @example
 * const group: MessageGroup = {
 *   firing: 5, resolved: 1, more: 0, ruleUrl: 'https://oncall.example.com/rules/r_1',
 *   items: [{ state: 'firing', title: 'db-2 down' }, { state: 'resolved', title: 'db-1 down' }],
 * };
 */
export interface MessageGroup {
  /** Instances that opened since the group's last message. */
  readonly firing: number;
  /** Instances that resolved since the group's last message. */
  readonly resolved: number;
  readonly items: readonly MessageGroupItem[];
  readonly more: number;
  /** The rule in the UI, where every instance is listed. */
  readonly ruleUrl?: string;
}

/**
 * What the host asks a channel to deliver. It is already in the user's words: channels decide only
 * how it looks on their medium (HTML, markdown, a card, plain text, speech).
 *
 * @example
 * const message: ChannelMessage = {
 *   kind: 'alert',
 *   severity: 'critical',
 *   title: 'Disk almost full on db-1',
 *   body: 'Free space is 3% on /var/lib/postgresql.',
 *   links: [{ label: 'Dashboard', url: 'https://grafana.example.com/d/abc' }],
 *   acknowledgeUrl: 'https://oncall.example.com/ack/AaBb…',
 * };
 */
export interface ChannelMessage {
  readonly kind: MessageKind;
  readonly severity: MessageSeverity;
  readonly title: string;
  readonly body: string;
  readonly links?: readonly MessageLink[];
  /**
   * A signed link to a page whose one button acknowledges the alert without a session (opening it
   * changes nothing, so previewers are harmless); present when the rule shows the button.
   */
  readonly acknowledgeUrl?: string;
  /**
   * Present when the message carries several instances: `headline` then says how many, and
   * `messageText` lists them after the body.
   */
  readonly group?: MessageGroup;
}
