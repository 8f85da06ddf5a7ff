import { builder } from '../builder';

export const SilentStatusEnum = builder.enumType('SilentStatus', {
  description: 'Silence is per user: whether the caller silenced the rule.',
  values: ['silent', 'active'] as const,
});
