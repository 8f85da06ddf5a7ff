import { describe, expect, it } from 'vitest';
import {
  codeRequired,
  draftOf,
  type EndpointView,
  emptyDraft,
  endpointInput,
} from '../src/endpoints/endpoint-draft';

const sms = (value: string): EndpointView => ({
  id: 'e-1',
  name: 'My phone',
  userId: 'u-1',
  accessUserIds: [],
  accessTeamIds: ['t-1'],
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  type: 'sms',
  value,
});

describe('the endpoint draft', () => {
  it('asks for a code on create, and on edit only when the number changes', () => {
    const original = draftOf(sms('+15550100'));
    expect(codeRequired({ ...emptyDraft('sms'), value: '+15550100' }, null)).toBe(true);
    expect(codeRequired({ ...original, name: 'Renamed' }, original)).toBe(false);
    expect(codeRequired({ ...original, value: '+15550199' }, original)).toBe(true);
    expect(codeRequired(emptyDraft('telegram'), null)).toBe(false);
  });

  it('sends the code only when it is needed', () => {
    const original = draftOf(sms('+15550100'));
    expect(endpointInput({ ...original, otpCode: '123456' }, original)).toEqual({
      type: 'sms',
      name: 'My phone',
      value: '+15550100',
      accessUserIds: [],
      accessTeamIds: ['t-1'],
    });
    expect(
      endpointInput(
        { ...emptyDraft('sms'), name: ' Pager ', value: ' +15550100 ', otpCode: ' 123456 ' },
        null,
      ),
    ).toMatchObject({
      name: 'Pager',
      value: '+15550100',
      otpCode: '123456',
    });
  });

  it('keeps a stored bot token when the field is left blank, and sends a flow’s steps', () => {
    expect(
      endpointInput({ ...emptyDraft('telegram'), name: 'Chat', chatId: '-100' }, emptyDraft('telegram')),
    ).toEqual({
      type: 'telegram',
      name: 'Chat',
      chatId: '-100',
      threadId: null,
      accessUserIds: [],
      accessTeamIds: [],
    });
    const flow = draftOf({
      ...sms(''),
      type: 'flow',
      steps: [
        { type: 'endpoint', endpointIds: ['e-2'] },
        { type: 'wait', duration: 10, timeUnit: 'm' },
      ],
    } as EndpointView);
    expect(endpointInput(flow, flow)).toMatchObject({
      type: 'flow',
      steps: [
        { type: 'endpoint', endpointIds: ['e-2'] },
        { type: 'wait', duration: 10, timeUnit: 'm' },
      ],
    });
  });
});
