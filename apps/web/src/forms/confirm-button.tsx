import { Button, type ButtonProps, Group, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';

/**
 * A button whose action is asked about first, in a dialog that names what it does; the dialog
 * keeps the focus and Escape cancels it.
 */
export function ConfirmButton({
  label,
  title,
  children,
  confirmLabel,
  onConfirm,
  loading,
  ...button
}: {
  label: string;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  loading?: boolean;
} & Omit<ButtonProps, 'children'>) {
  const [opened, { open, close }] = useDisclosure(false);
  const phone = useMediaQuery('(max-width: 30em)', undefined, { getInitialValueInEffect: false });
  return (
    <>
      <Button size="xs" variant="light" color="red" onClick={open} {...button}>
        {label}
      </Button>
      <Modal opened={opened} onClose={close} title={title} fullScreen={phone} centered>
        <Stack>
          <Text size="sm">{children}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button
              color="red"
              loading={loading}
              onClick={() => {
                onConfirm();
                close();
              }}
            >
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
