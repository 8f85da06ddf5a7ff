import type { FlowStep } from '../entities/endpoint.entity';

interface EndpointCommonInput {
  name: string;
  /** Left out on update: the current sharing is kept. */
  accessUserIds?: string[];
  accessTeamIds?: string[];
}

/** What create and update take, one shape per `type` (the REST body, already parsed). */
export type EndpointInput = EndpointCommonInput &
  (
    | { type: 'sms' | 'call' | 'email'; value: string; otpCode?: string }
    | { type: 'teams' | 'matter-most'; value: string }
    /** The chat is `chatId`, or `value` as legacy clients send it. */
    | { type: 'telegram'; chatId?: string; value?: string; threadId?: string | null; botToken?: string }
    | { type: 'bale'; chatId?: string; value?: string; botToken?: string }
    | { type: 'flow'; steps: FlowStep[] }
  );

export type VerifiedEndpointType = 'sms' | 'call' | 'email';
