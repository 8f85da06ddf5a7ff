export { botTokenSchema, chatIdSchema } from './destination-fields';
export { type BotMessage, sendBotMessage } from './send-bot-message';
