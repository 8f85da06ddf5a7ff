import { Badge, Group, Text, Tooltip } from '@mantine/core';
import { fullTime } from '../time/relative-time';
import type { FiringEntry } from './firing-card';

type Page = FiringEntry['pages'][number];

/** Each status in words (never the color alone), and the color of its dot. */
const STATUS: Record<Page['status'], { label: string; color: string }> = {
  delivered: { label: 'delivered', color: 'teal.9' },
  fellBack: { label: 'sent by backup', color: 'orange.9' },
  failed: { label: 'failed', color: 'red.9' },
  retrying: { label: 'retrying', color: 'gray.7' },
  undeliverable: { label: 'undeliverable', color: 'red.9' },
};

const pageName = (page: Page) =>
  `${page.endpoint.name ?? 'deleted endpoint'}${page.endpoint.channel ? ` (${page.endpoint.channel})` : ''}`;

/**
 * The pages sent about an instance, one badge each: to whom, through which channel, and whether it
 * arrived. The row is always there ("No pages yet") so a first page does not push the buttons down.
 */
export function PageStatusRow({ pages }: { pages: FiringEntry['pages'] }) {
  if (pages.length === 0) {
    return (
      <Text size="xs" c="dimmed" data-testid="page-status">
        No pages sent yet
      </Text>
    );
  }
  return (
    <Group gap={4} aria-label="Pages" role="list" data-testid="page-status">
      {pages.map((page) => (
        <Tooltip
          key={page.id}
          label={`${page.attempts} attempt${page.attempts === 1 ? '' : 's'}, last ${fullTime(new Date(page.at))}`}
        >
          <Badge
            role="listitem"
            // A dot of color beside the text in the theme's own color: readable in both themes.
            variant="dot"
            color={STATUS[page.status].color}
            tt="none"
            radius="sm"
            data-status={page.status}
          >
            {pageName(page)}: {STATUS[page.status].label}
          </Badge>
        </Tooltip>
      ))}
    </Group>
  );
}
