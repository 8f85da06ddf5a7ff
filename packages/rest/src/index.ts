export { mapError, sendError } from './errors/http-error-mapper';
export { restApi } from './rest-api';
