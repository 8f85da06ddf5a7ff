import { Box, Table, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A table wider than a phone that scrolls inside its own box (focusable, so the keyboard scrolls
 * it too), never the page. A column named `null` is the row actions' one, named for screen readers.
 */
export function ScrollTable({
  label,
  minWidth,
  columns,
  striped = true,
  children,
}: {
  label: string;
  minWidth: number;
  columns: readonly (string | null)[];
  striped?: boolean;
  children: ReactNode;
}) {
  return (
    <Box style={{ overflowX: 'auto', position: 'relative' }} tabIndex={0} role="region" aria-label={label}>
      <Table striped={striped} verticalSpacing="xs" miw={minWidth}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column, index) => (
              <Table.Th key={column ?? `actions-${index}`}>
                {column ?? <VisuallyHidden>Actions</VisuallyHidden>}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Box>
  );
}
