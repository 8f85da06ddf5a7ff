import { Modal } from '@mantine/core';
import type { ReactNode } from 'react';
import { usePhone } from './use-phone';

/** The dialog a list screen edits one of its items in: the whole screen on a phone; Escape closes it. */
export function FormDialog({
  opened,
  onClose,
  title,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
}) {
  const phone = usePhone();
  return (
    <Modal opened={opened} onClose={onClose} fullScreen={phone} title={title}>
      {children}
    </Modal>
  );
}
