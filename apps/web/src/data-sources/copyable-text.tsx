import { Box, Button, Code, CopyButton, Group, Text } from '@mantine/core';

/** A text to paste elsewhere, with a copy button named after it; the box scrolls by keyboard on a phone. */
export function CopyableText({ label, text, hint }: { label: string; text: string; hint?: string }) {
  return (
    <Box>
      <Group justify="space-between" gap="xs" mb={4} wrap="nowrap">
        <Text size="sm" fw={600}>
          {label}
        </Text>
        <CopyButton value={text}>
          {({ copied, copy }) => (
            <Button size="xs" variant="default" onClick={copy} aria-label={`Copy ${label.toLowerCase()}`}>
              {copied ? 'Copied' : 'Copy'}
            </Button>
          )}
        </CopyButton>
      </Group>
      {hint && (
        <Text size="xs" c="dimmed" mb={4}>
          {hint}
        </Text>
      )}
      <Code block style={{ overflowX: 'auto', whiteSpace: 'pre' }} tabIndex={0} aria-label={label}>
        {text}
      </Code>
    </Box>
  );
}
