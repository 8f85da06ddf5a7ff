import type { ReactNode } from 'react';
import { ConfirmButton } from './confirm-button';

/** A row's Delete: asks first, naming the item and saying what deleting it does. */
export function DeleteButton({
  name,
  what,
  loading,
  onConfirm,
  children,
}: {
  /** The item's name ("sms-main"). */
  name: string;
  /** What kind of item it is, for the confirm button ("config" → "Delete config"). */
  what: string;
  loading: boolean;
  onConfirm: () => void;
  /** What deleting it does. */
  children: ReactNode;
}) {
  return (
    <ConfirmButton
      label="Delete"
      aria-label={`Delete ${name}`}
      title={`Delete ${name}?`}
      confirmLabel={`Delete ${what}`}
      loading={loading}
      onConfirm={onConfirm}
    >
      {children}
    </ConfirmButton>
  );
}
