import { describe, expect, it } from 'vitest';
import {
  attemptIdempotencyKey,
  autoResolveWorkflowId,
  flowWorkflowId,
  notifyWorkflowId,
  otpWorkflowId,
} from '../src/index';

describe('business keys', () => {
  it.each([
    { id: notifyWorkflowId('evt_1', 'ep_sms'), expected: 'notify:evt_1:ep_sms' },
    { id: notifyWorkflowId('evt_1', 'ep_sms', 0), expected: 'notify:evt_1:ep_sms:0' },
    { id: flowWorkflowId('evt_1', 'ep_flow'), expected: 'flow:evt_1:ep_flow' },
    { id: autoResolveWorkflowId('rule_1', 'db-1:9100'), expected: 'autoresolve:rule_1:db-1:9100' },
    { id: otpWorkflowId('otp_1'), expected: 'otp:otp_1' },
    {
      id: attemptIdempotencyKey('notify:evt_1:ep_sms', 'cfg_backup', 2),
      expected: 'notify:evt_1:ep_sms:cfg_backup:2',
    },
  ])('$expected', ({ id, expected }) => {
    expect(id).toBe(expected);
  });
});
