import { Alert, Button, Group, Stack } from '@mantine/core';
import { CopySnippet } from '../rules/copy-snippet';

/** A zone's new token, shown this once, with the agent's side of the link to paste. */
export function ZoneToken({
  token,
  mainUrl,
  onDone,
}: {
  token: string;
  mainUrl: string;
  onDone: () => void;
}) {
  const agentConfig = JSON.stringify({ type: 'agent', sourceUrl: mainUrl, sourceToken: token });
  return (
    <Stack gap="sm">
      <Alert variant="light" title="Shown this once">
        Copy the token now: only its last four characters are kept here. On the agent, save it as its cluster
        configuration (Settings, Cluster: agent, this main's URL and the token).
      </Alert>
      <CopySnippet label="Token" text={token} />
      <CopySnippet label="Agent cluster configuration" text={agentConfig} />
      <Group justify="flex-end">
        <Button onClick={onDone}>Done</Button>
      </Group>
    </Stack>
  );
}
