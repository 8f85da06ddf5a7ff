import { Box, Button, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useId, useState } from 'react';
import { RuleListFilters } from './rule-list-filters';
import { activeFilterCount, type RuleListSearch } from './rule-list-search';

/**
 * The rule list's filters, behind a "Filters" button on a phone (seven fields would fill its first
 * screen); the button says how many are set, so a filtered list never looks like the whole one.
 */
export function CollapsibleRuleFilters({
  search,
  onFilter,
}: {
  search: RuleListSearch;
  onFilter: (change: Partial<RuleListSearch>) => void;
}) {
  const phone = useMediaQuery('(max-width: 36em)', undefined, { getInitialValueInEffect: false });
  const [open, setOpen] = useState(false);
  const panelId = useId();
  if (!phone) return <RuleListFilters search={search} onFilter={onFilter} />;
  const count = activeFilterCount(search);
  return (
    <Stack gap="xs">
      <Button
        variant="default"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((was) => !was)}
        style={{ alignSelf: 'flex-start' }}
      >
        {count > 0 ? `Filters (${count})` : 'Filters'}
      </Button>
      <Box id={panelId} hidden={!open}>
        {open && <RuleListFilters search={search} onFilter={onFilter} />}
      </Box>
    </Stack>
  );
}
