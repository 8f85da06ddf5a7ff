import type { AutoResolveArm, EscalationStopReason, Orchestrator } from '@oncall/core';

export type RecordedCall =
  | { type: 'sendOtp'; otpId: string; channel: string }
  | { type: 'notify'; alertEventId: string; endpointId: string }
  | { type: 'sendNotice'; noticeId: string; endpointId: string }
  | { type: 'stopEscalations'; alertEventId: string; reason: EscalationStopReason }
  | ({ type: 'armAutoResolve' } & AutoResolveArm);

/**
 * Records what the core asked the engine to do, for tests about the asking (which OTP, which
 * endpoints), not about delivery. Delivery itself is tested through the real engine drivers.
 */
export class RecordingOrchestrator implements Orchestrator {
  readonly calls: RecordedCall[] = [];

  /**
   * @param needsRepeatedFires as the embedded driver by default (false), so tests run the ingestion
   * hot path production runs; true records the repeats' `armAutoResolve` calls as Temporal gets them.
   */
  constructor(readonly needsRepeatedFires = false) {}

  async sendOtp(_tx: unknown, request: { otpId: string; channel: string }): Promise<void> {
    this.calls.push({ type: 'sendOtp', ...request });
  }

  async sendNotice(_tx: unknown, request: { noticeId: string; endpointId: string }): Promise<void> {
    this.calls.push({ type: 'sendNotice', ...request });
  }

  async notify(_tx: unknown, request: { alertEventId: string; endpointId: string }): Promise<void> {
    this.calls.push({ type: 'notify', ...request });
  }

  async stopEscalations(
    _tx: unknown,
    request: { alertEventId: string; reason: EscalationStopReason },
  ): Promise<void> {
    this.calls.push({ type: 'stopEscalations', ...request });
  }

  async armAutoResolve(_tx: unknown, request: AutoResolveArm): Promise<void> {
    this.calls.push({ type: 'armAutoResolve', ...request });
  }
}
