import { z } from 'zod';

const testEnvSchema = z.object({
  /** `auto` uses PostgreSQL when one answers, else PGlite; the others force one and fail loudly. */
  TEST_DB: z.enum(['auto', 'postgres', 'pglite']).default('auto'),
  TEST_DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//)
    .optional(),
});

export type TestDatabaseEnv = z.infer<typeof testEnvSchema>;

/** Test-suite settings; kept here so this package stays the only reader of the environment. */
export function loadTestDatabaseEnv(source: NodeJS.ProcessEnv = process.env): TestDatabaseEnv {
  return testEnvSchema.parse(source);
}
