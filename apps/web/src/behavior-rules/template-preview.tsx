import { Alert, Box, Code, Group, Loader, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { failureMessage, fieldErrorsOf } from '../forms/server-field-errors';
import { trpc } from '../trpc/client';

/**
 * The template rendered by the server as a send would render it (its sandbox and limits), against
 * the rule's last alert or a sample one; redrawn shortly after typing stops.
 */
export function TemplatePreview({ alertRuleId, template }: { alertRuleId: string; template: string }) {
  const [settled] = useDebouncedValue(template, 400);
  const preview = useMutation(trpc.behaviorRules.previewTemplate.mutationOptions());
  const { mutate } = preview;
  useEffect(() => {
    if (settled.trim() !== '') mutate({ alertRuleId, template: settled });
  }, [alertRuleId, settled, mutate]);

  const problem = preview.error
    ? (fieldErrorsOf(preview.error).template ?? failureMessage(preview.error))
    : null;
  return (
    <Box>
      <Group gap="xs" mb={4}>
        <Text size="sm" fw={600} id="template-preview-label">
          Preview
        </Text>
        {preview.isPending && <Loader size="xs" aria-label="Rendering" />}
        {preview.data && (
          <Text size="xs" c="dimmed">
            {preview.data.alertEventId
              ? 'against the rule’s last alert'
              : 'against a sample alert (the rule has none yet)'}
          </Text>
        )}
      </Group>
      <div role="status" aria-labelledby="template-preview-label">
        {problem ? (
          <Alert color="red" variant="light" title="The template does not render">
            {problem}
          </Alert>
        ) : (
          <Code
            block
            style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
            data-testid="template-preview"
          >
            {preview.data?.text ?? (settled.trim() === '' ? 'Write a template to see it rendered.' : '…')}
          </Code>
        )}
      </div>
    </Box>
  );
}
