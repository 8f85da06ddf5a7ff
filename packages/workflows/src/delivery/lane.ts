/**
 * Which capacity a send uses. Pages (sms, call, and every OTP) go to vendors that answer in
 * seconds and must never wait behind anything else; email (SMTP servers) and chat (messengers,
 * Teams and Mattermost webhooks, plugin channels: targets any member can point anywhere) have
 * queues and workers of their own, so a slow or hanging target holds only its own lane.
 */
export type DeliveryLane = 'page' | 'email' | 'chat';

export const DELIVERY_LANES: readonly DeliveryLane[] = ['page', 'email', 'chat'];
