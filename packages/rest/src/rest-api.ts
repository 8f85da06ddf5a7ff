import type { Core } from '@oncall/core';
import type { FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { requireAccessToken } from './auth/actor-hook';
import { sendError } from './errors/http-error-mapper';
import { rejectNulCharacters } from './errors/nul-guard';
import { authRoutes } from './routes/auth-routes';
import { teamRoutes } from './routes/team-routes';
import { userRoutes } from './routes/user-routes';

/**
 * The `/api/v1` face. Register with `{ prefix: '/api/v1' }`. Response schemas document the
 * answers in OpenAPI; they are not re-validated at run time (the core already returns those shapes).
 */
export async function restApi(app: FastifyInstance, options: { core: Core }): Promise<void> {
  const { core } = options;
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  app.setErrorHandler((error, request, reply) => sendError(error, request, reply));
  app.setNotFoundHandler((_request, reply) =>
    reply.status(404).send({ message: 'Route not found.', code: 'not_found' }),
  );

  rejectNulCharacters(app);
  await authRoutes(app, core);
  await app.register(async (scope) => {
    requireAccessToken(scope, core);
    userRoutes(scope, core);
    teamRoutes(scope, core);
  });
}
