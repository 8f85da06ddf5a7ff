import { Alert, Button, Group, Text } from '@mantine/core';
import { useSelectedZone } from './selected-zone';
import { switchZone } from './switch-zone';
import { useZoneFailure } from './use-zone-failure';

/** Says, above every screen, that what it shows comes from an agent zone, with the way back. */
export function ZoneBanner() {
  const zone = useSelectedZone();
  const failure = useZoneFailure(zone?.id ?? null);
  if (!zone) return null;
  return (
    <Alert color="grape" variant="light" mb="md" role="status" aria-label="Zone">
      <Group justify="space-between" gap="xs">
        <Text size="sm">
          Viewing zone <strong>{zone.name}</strong>: the screens show that agent's data.
        </Text>
        <Button size="compact-sm" variant="default" onClick={() => switchZone(null)}>
          Back to main
        </Button>
      </Group>
      {failure && (
        <Text size="sm" c="red" mt={4}>
          {failure}
        </Text>
      )}
    </Alert>
  );
}
