import { describe, expect, it } from 'vitest';
import {
  codeRequired,
  destinationSummary,
  draftOf,
  type EndpointView,
  emptyDraft,
  endpointInput,
} from '../src/endpoints/endpoint-draft';
import { formOf } from './endpoint-type-forms';

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
const SMS = formOf('sms');
const TELEGRAM = formOf('telegram');
const HOOK = formOf('pager-hook');

describe('the endpoint draft', () => {
  it('asks for a code on create, and on edit only when the number changes', () => {
    const original = draftOf(sms('+15550100'), SMS);
    expect(codeRequired({ ...emptyDraft('sms'), fields: { value: '+15550100' } }, null, SMS)).toBe(true);
    expect(codeRequired({ ...original, name: 'Renamed' }, original, SMS)).toBe(false);
    expect(codeRequired({ ...original, fields: { value: '+15550199' } }, original, SMS)).toBe(true);
    expect(codeRequired(emptyDraft('telegram'), null, TELEGRAM)).toBe(false);
  });

  it('sends the code only when it is needed', () => {
    const original = draftOf(sms('+15550100'), SMS);
    expect(endpointInput({ ...original, otpCode: '123456' }, original, SMS)).toEqual({
      type: 'sms',
      name: 'My phone',
      value: '+15550100',
      accessUserIds: [],
      accessTeamIds: ['t-1'],
    });
    expect(
      endpointInput(
        { ...emptyDraft('sms'), name: ' Pager ', fields: { value: ' +15550100 ' }, otpCode: ' 123456 ' },
        null,
        SMS,
      ),
    ).toMatchObject({
      name: 'Pager',
      value: '+15550100',
      otpCode: '123456',
    });
  });

  it('keeps a stored bot token when the field is left blank, and sends a flow’s steps', () => {
    expect(
      endpointInput(
        { ...emptyDraft('telegram'), name: 'Chat', fields: { chatId: '-100' } },
        emptyDraft('telegram'),
        TELEGRAM,
      ),
    ).toEqual({
      type: 'telegram',
      name: 'Chat',
      chatId: '-100',
      threadId: null,
      accessUserIds: [],
      accessTeamIds: [],
    });
    const flow = draftOf(
      {
        ...sms(''),
        type: 'flow',
        steps: [
          { type: 'endpoint', endpointIds: ['e-2'] },
          { type: 'wait', duration: 10, timeUnit: 'm' },
        ],
      } as EndpointView,
      formOf('flow'),
    );
    expect(endpointInput(flow, flow, formOf('flow'))).toMatchObject({
      type: 'flow',
      steps: [
        { type: 'endpoint', endpointIds: ['e-2'] },
        { type: 'wait', duration: 10, timeUnit: 'm' },
      ],
    });
  });

  it('builds a plugin type’s input from the fields it declares: secrets never read back, numbers as numbers', () => {
    const view = {
      ...sms(''),
      type: 'pager-hook',
      serverUrl: 'https://pager.example.com',
      priority: 3,
      accessToken: '********1234',
    } as EndpointView;
    const original = draftOf(view, HOOK);
    expect(original.fields).toEqual({ serverUrl: 'https://pager.example.com', priority: '3' });
    expect(destinationSummary(view, HOOK)).toBe('https://pager.example.com');
    // Left blank, the token is kept; an optional field emptied is left out (the plugin's wire clears it so).
    expect(
      endpointInput({ ...original, fields: { ...original.fields, priority: '' } }, original, HOOK),
    ).toEqual({
      type: 'pager-hook',
      name: 'My phone',
      serverUrl: 'https://pager.example.com',
      accessUserIds: [],
      accessTeamIds: ['t-1'],
    });
    expect(
      endpointInput(
        { ...original, fields: { ...original.fields, accessToken: ' new-token ' } },
        original,
        HOOK,
      ),
    ).toMatchObject({ serverUrl: 'https://pager.example.com', priority: 3, accessToken: 'new-token' });
    // A required field left empty is sent, so the server names it at its field.
    expect(endpointInput(emptyDraft('pager-hook'), null, HOOK)).toMatchObject({ serverUrl: '' });
  });
});
