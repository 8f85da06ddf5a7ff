export { BOT_API_PACING } from './bot-api-pacing';
export { botTokenSchema, chatIdSchema } from './destination-fields';
export { type BotMessage, sendBotMessage } from './send-bot-message';
