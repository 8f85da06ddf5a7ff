import { Anchor, Box, List, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { RouterOutputs } from '../trpc/router-types';
import { scheduleTargetText } from './rule-schedule-targets';

type Rule = RouterOutputs['alertRules']['get'];

/** Whom the rule pages: its endpoints, and the schedules it pages directly, each in words. */
export function RulePaging({ rule }: { rule: Rule }) {
  const nothing = rule.endpoints.length === 0 && rule.scheduleTargets.length === 0;
  return (
    <Box component="section" aria-label="Pages">
      <Title order={2} size="h4" mb="xs">
        Pages
      </Title>
      {nothing ? (
        <Text size="sm" c="dimmed">
          Nobody: the rule has no endpoint and pages no schedule. Edit it to add some.
        </Text>
      ) : (
        <List spacing={4} size="sm" listStyleType="none" aria-label="Whom it pages">
          {rule.scheduleTargets.map((target) => (
            <List.Item key={target.id}>
              <Text span size="sm" fw={600}>
                {target.scheduleName === null ? (
                  'A schedule you cannot see'
                ) : (
                  <>
                    Schedule{' '}
                    <Anchor
                      size="sm"
                      renderRoot={(props) => (
                        <Link
                          to="/schedules/$scheduleId"
                          params={{ scheduleId: target.scheduleId }}
                          {...props}
                        />
                      )}
                    >
                      {target.scheduleName}
                    </Anchor>
                  </>
                )}
              </Text>
              <Text span size="sm" c="dimmed">
                {' '}
                · {scheduleTargetText(target)}
              </Text>
            </List.Item>
          ))}
          {rule.endpoints.map((endpoint) => (
            <List.Item key={endpoint.id}>
              <Text span size="sm" fw={600}>
                Endpoint {endpoint.name}
              </Text>
              <Text span size="sm" c="dimmed">
                {' '}
                · {endpoint.type === 'flow' ? 'an escalation flow' : endpoint.type}
              </Text>
            </List.Item>
          ))}
        </List>
      )}
    </Box>
  );
}
