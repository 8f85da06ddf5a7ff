import { Stack, Tabs, Text } from '@mantine/core';
import { FormDialog } from '../forms/form-dialog';
import { peopleText } from './calendar-rows';
import { type OverrideBody, OverrideForm } from './override-form';
import type { PickedShift } from './schedule-calendar';
import { rangeText } from './shift-times';
import { type SwapOffer, SwapOfferForm } from './swap-offer-form';

/** A tapped shift: who and when, then an override for it or a swap offer of it. */
export function ShiftDialog({
  shift,
  users,
  onOverride,
  onOfferSwap,
  onClose,
}: {
  shift: PickedShift | null;
  users: { value: string; label: string }[];
  onOverride: (override: OverrideBody) => Promise<unknown>;
  onOfferSwap: (swap: SwapOffer) => Promise<unknown>;
  onClose: () => void;
}) {
  return (
    <FormDialog
      opened={shift !== null}
      onClose={onClose}
      title={shift ? `Shift ${rangeText(shift.block.from, shift.block.until)}` : 'Shift'}
    >
      {shift && (
        <Stack gap="sm">
          <Text size="sm">
            {shift.row.label}: {peopleText(shift.block)}
            {shift.block.overrideIds.length > 0 ? ' (an override is in force)' : ''}.
          </Text>
          <Tabs defaultValue="override" keepMounted={false}>
            <Tabs.List grow>
              <Tabs.Tab value="override">Override</Tabs.Tab>
              <Tabs.Tab value="swap">Offer a swap</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="override" pt="sm">
              <OverrideForm block={shift.block} users={users} onSubmit={onOverride} onCancel={onClose} />
            </Tabs.Panel>
            <Tabs.Panel value="swap" pt="sm">
              <SwapOfferForm block={shift.block} onSubmit={onOfferSwap} onCancel={onClose} />
            </Tabs.Panel>
          </Tabs>
        </Stack>
      )}
    </FormDialog>
  );
}
