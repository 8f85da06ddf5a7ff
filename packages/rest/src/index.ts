export { type AckPageOptions, ackPage } from './ack-page/ack-page-routes';
export { mapError, sendError } from './errors/http-error-mapper';
export { restOpenApiTransforms } from './openapi/rest-openapi-transforms';
export { documentedAs } from './openapi/schema-names';
export { restApi } from './rest-api';
