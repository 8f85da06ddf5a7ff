import { Box, Button, Code, CopyButton, Group, Text } from '@mantine/core';

/** A labelled block of text to paste elsewhere, with a copy button. */
export function CopySnippet({ label, text }: { label: string; text: string }) {
  return (
    <Box>
      <Group justify="space-between" mb={4} wrap="nowrap" gap="xs">
        <Text size="sm" fw={500}>
          {label}
        </Text>
        <CopyButton value={text}>
          {({ copied, copy }) => (
            <Button size="xs" variant="default" onClick={copy} miw="max-content">
              {copied ? 'Copied' : `Copy ${label.toLowerCase()}`}
            </Button>
          )}
        </CopyButton>
      </Group>
      {/* Focusable so the keyboard can scroll a long line on a phone. */}
      <Code block style={{ overflowX: 'auto' }} tabIndex={0} aria-label={label}>
        {text}
      </Code>
    </Box>
  );
}
