export { type AckPageOptions, ackPage } from './ack-page/ack-page-routes';
export { mapError, sendError } from './errors/http-error-mapper';
export { restApi } from './rest-api';
