/**
 * The stall guard's probe, in a process of its own so that nothing the guard does to send hostile
 * requests (building bodies, holding 500 streams) delays a measurement: it polls `/healthz` every
 * 20 ms, fires an SMS page every 200 ms and a chat page every second, the chat pages taking the
 * probe's webhooks in turn (`CHAT_PROBE_WEBHOOKS`: on one webhook each page would wait out the
 * channel's pacing behind the last), and times each page from its fire to its arrival at the fake
 * SMS vendor or the fake chat webhook, both of which run here, on this process's clock. The server
 * runs in a process of its own, so a request that blocks its event loop shows here as a late answer
 * or a late page.
 */
import { randomBytes } from 'node:crypto';
import { startFakeProviderOne, startFakeWebhookReceiver } from '@oncall/fakes';
import type { FromProbe, ProbeTargets, ProbeWindow, ToProbe } from './probe-protocol';

const HEALTHZ_EVERY_MS = 20;
const SMS_EVERY_MS = 200;
const CHAT_EVERY_MS = 1_000;
/** A poll or fire unanswered this long counts as this long: a stall longer than any case's bound. */
const PROBE_TIMEOUT_MS = 60_000;

const send = process.send?.bind(process);
if (!send) throw new Error('probe-process.ts is started by the stall guard, with an IPC channel');
const post = (message: FromProbe) => {
  send(message);
};

const run = randomBytes(3).toString('hex');
const smsMarker = new RegExp(`sgs-${run}-(\\d+)`);
const chatMarker = new RegExp(`sgc-${run}-(\\d+)`);
const sms = await startFakeProviderOne();
const chat = await startFakeWebhookReceiver();
const smsArrived = new Map<number, number>();
const chatArrived = new Map<number, number>();

/** Follows a fake's arrivals as they happen: probe pages are timed, other SMS go to the guard. */
async function follow(
  waitFor: (count: number) => Promise<void>,
  textOf: (index: number) => string,
  marker: RegExp,
  arrived: Map<number, number>,
  forward: boolean,
): Promise<void> {
  for (let seen = 0; ; seen++) {
    await waitFor(seen + 1);
    const at = performance.now();
    const text = textOf(seen);
    const n = marker.exec(text)?.[1];
    if (n !== undefined) arrived.set(Number(n), at);
    else if (forward) post({ type: 'sms', message: text });
  }
}
void follow(
  (count) => sms.waitForRequests(count),
  (i) => sms.requests[i]?.query.message ?? '',
  smsMarker,
  smsArrived,
  true,
);
void follow(
  (count) => chat.waitForRequests(count),
  (i) => chat.requests[i]?.body ?? '',
  chatMarker,
  chatArrived,
  false,
);

let targets: ProbeTargets | undefined;
let smsFired = 0;
let chatFired = 0;

async function timedGet(url: string): Promise<number> {
  const started = performance.now();
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
    await response.arrayBuffer();
  } catch {
    return PROBE_TIMEOUT_MS;
  }
  return performance.now() - started;
}

class Window {
  private active = true;
  private readonly healthz: number[] = [];
  private healthzTimeouts = 0;
  private readonly smsFiredAt = new Map<number, number>();
  private readonly chatFiredAt = new Map<number, number>();
  private readonly poller: Promise<void>;
  private readonly firing: NodeJS.Timeout[];

  constructor(private readonly to: ProbeTargets) {
    this.poller = this.poll();
    const sms = () => this.fire(this.to.smsRuleToken, 'sgs', smsFired++, this.smsFiredAt);
    const chat = () => {
      const n = chatFired++;
      const token = this.to.chatRuleTokens[n % this.to.chatRuleTokens.length];
      if (token !== undefined) this.fire(token, 'sgc', n, this.chatFiredAt);
    };
    sms();
    chat();
    this.firing = [setInterval(sms, SMS_EVERY_MS), setInterval(chat, CHAT_EVERY_MS)];
  }

  private async poll(): Promise<void> {
    while (this.active) {
      const ms = await timedGet(this.to.healthzUrl);
      this.healthz.push(ms);
      if (ms >= PROBE_TIMEOUT_MS) this.healthzTimeouts += 1;
      await new Promise((resolve) => setTimeout(resolve, HEALTHZ_EVERY_MS));
    }
  }

  private fire(token: string, prefix: string, n: number, firedAt: Map<number, number>): void {
    firedAt.set(n, performance.now());
    // Not awaited: pages are fired on the clock whether or not the last one was answered. A fire
    // that fails leaves its page missing, which the window reports.
    fetch(this.to.fireUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ alertname: 'stall-guard', instance: `${prefix}-${run}-${n}` }),
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
    })
      .then((response) => response.arrayBuffer())
      .catch(() => undefined);
  }

  /** Stops polling and firing; waits up to `graceMs` for the pages still on their way. */
  async end(graceMs: number): Promise<ProbeWindow> {
    this.active = false;
    for (const timer of this.firing) clearInterval(timer);
    await this.poller;
    const until = performance.now() + graceMs;
    const pending = () =>
      [...this.smsFiredAt.keys()].some((n) => !smsArrived.has(n)) ||
      [...this.chatFiredAt.keys()].some((n) => !chatArrived.has(n));
    while (pending() && performance.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
    const now = performance.now();
    const latencies = (firedAt: Map<number, number>, arrived: Map<number, number>) => {
      const samples: number[] = [];
      let missing = 0;
      for (const [n, at] of firedAt) {
        const arrival = arrived.get(n);
        if (arrival === undefined) missing += 1;
        samples.push((arrival ?? now) - at);
      }
      return { samples, missing };
    };
    const smsLatency = latencies(this.smsFiredAt, smsArrived);
    const chatLatency = latencies(this.chatFiredAt, chatArrived);
    return {
      healthz: this.healthz,
      healthzTimeouts: this.healthzTimeouts,
      sms: smsLatency.samples,
      smsMissing: smsLatency.missing,
      chat: chatLatency.samples,
      chatMissing: chatLatency.missing,
      fires: this.smsFiredAt.size,
    };
  }
}

let window: Window | undefined;
/** What `end` answers when no window was begun (a case whose setup failed). */
const EMPTY_WINDOW: ProbeWindow = {
  healthz: [],
  healthzTimeouts: 0,
  sms: [],
  chat: [],
  smsMissing: 0,
  chatMissing: 0,
  fires: 0,
};

process.on('message', async (message: ToProbe) => {
  switch (message.type) {
    case 'configure':
      targets = message.targets;
      return;
    case 'begin':
      if (!targets) throw new Error('The probe is configured before a window begins');
      window = new Window(targets);
      return;
    case 'end': {
      const ending = window;
      window = undefined;
      post({ type: 'window', window: ending ? await ending.end(message.graceMs) : EMPTY_WINDOW });
      return;
    }
    case 'healthz':
      if (targets) post({ type: 'healthz', ms: await timedGet(targets.healthzUrl) });
      return;
    case 'stop':
      await Promise.all([sms.close(), chat.close()]);
      post({ type: 'stopped' });
      process.disconnect();
      return;
  }
});

// The guard gone (killed, crashed): nothing is left to measure for.
process.once('disconnect', () => process.exit(0));
post({ type: 'ready', smsUrl: sms.url, chatUrl: chat.url });
