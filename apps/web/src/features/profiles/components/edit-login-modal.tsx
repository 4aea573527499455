import { useState } from 'react';
import { Button, Modal, Stack, Text } from '@mantine/core';
import { ChangeEmailForm } from './change-email-form';
import { ChangePasswordForm } from './change-password-form';

type View = 'view' | 'email' | 'password';
type EditLoginModalProps = { opened: boolean; onClose: () => void };

const titles: Record<View, string> = { view: 'Edit Login', email: 'Change Email', password: 'Change Password' };

/**
 * Spec 4: views view, email and password. Cancel returns to the start view; the forms unmount there, so
 * their values reset. A successful save or closing returns to the start view and closes the modal.
 */
export function EditLoginModal({ opened, onClose }: EditLoginModalProps) {
  const [view, setView] = useState<View>('view');
  const close = () => {
    setView('view');
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={titles[view]}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {view === 'view' && (
        <Stack gap="sm">
          <Text size="sm">Change the email or the password you log in with.</Text>
          <Button variant="light" onClick={() => setView('email')}>
            Change Email
          </Button>
          <Button variant="light" onClick={() => setView('password')}>
            Change Password
          </Button>
        </Stack>
      )}
      {view === 'email' && <ChangeEmailForm onCancel={() => setView('view')} onSaved={close} />}
      {view === 'password' && <ChangePasswordForm onCancel={() => setView('view')} onSaved={close} />}
    </Modal>
  );
}
