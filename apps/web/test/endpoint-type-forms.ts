import type { EndpointTypeForm } from '../src/endpoints/endpoint-type-forms';

const text = { kind: 'text' as const, secret: false, nullable: false };

/** Part of `endpoints.types` as the server answers it for the built-ins and a plugin's own type. */
export const ENDPOINT_TYPE_FORMS: EndpointTypeForm[] = [
  {
    type: 'sms',
    label: 'SMS',
    otp: true,
    lane: 'page',
    steps: false,
    fields: [
      {
        ...text,
        name: 'value',
        label: 'Phone number',
        required: true,
        format: 'tel',
        examples: ['+15550100'],
      },
    ],
  },
  {
    type: 'email',
    label: 'Email',
    otp: true,
    lane: 'email',
    steps: false,
    fields: [{ ...text, name: 'value', label: 'Email address', required: true, format: 'email' }],
  },
  {
    type: 'telegram',
    label: 'Telegram',
    otp: false,
    lane: 'chat',
    steps: false,
    fields: [
      { ...text, name: 'chatId', label: 'Chat id', required: true, examples: ['-1001234567890', '@channel'] },
      { ...text, name: 'threadId', label: 'Thread id', required: false, nullable: true },
      { ...text, name: 'botToken', label: 'Bot token', required: true, secret: true },
    ],
  },
  {
    type: 'pager-hook',
    label: 'Pager hook',
    otp: false,
    lane: 'chat',
    steps: false,
    fields: [
      { ...text, name: 'serverUrl', label: 'Server URL', required: true, format: 'uri' },
      { ...text, name: 'priority', label: 'Priority', kind: 'integer', required: false },
      { ...text, name: 'accessToken', label: 'Access token', required: false, secret: true },
    ],
  },
  { type: 'flow', label: 'Flow (escalation steps)', otp: false, lane: null, steps: true, fields: [] },
];

export function formOf(type: string): EndpointTypeForm {
  const form = ENDPOINT_TYPE_FORMS.find((known) => known.type === type);
  if (form === undefined) throw new Error(`No form for ${type} in the fixture`);
  return form;
}
