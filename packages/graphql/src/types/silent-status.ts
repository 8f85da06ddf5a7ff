import type { Builder } from '../builder';

export const silentStatusEnum = (builder: Builder) =>
  builder.enumType('SilentStatus', {
    description: 'Silence is per user: whether the caller silenced the rule.',
    values: ['silent', 'active'] as const,
  });

export type SilentStatusEnum = ReturnType<typeof silentStatusEnum>;
