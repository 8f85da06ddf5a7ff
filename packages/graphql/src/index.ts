export { createGraphqlContext, type GraphqlContext, type GraphqlContextOptions } from './context';
export { type GraphqlMountOptions, registerGraphql } from './http/register-graphql';
export { createSchema, printedSchema } from './schema';
