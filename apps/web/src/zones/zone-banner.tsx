import { Alert, Button, Group, Text } from '@mantine/core';
import { useSelectedZone } from './selected-zone';
import { switchZone } from './switch-zone';

/** Says, above every screen, that what it shows comes from an agent zone, with the way back. */
export function ZoneBanner() {
  const zone = useSelectedZone();
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
    </Alert>
  );
}
