import { Button, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { LightDialog } from '../../../components/light-dialog';
import { enterKioskMode } from '../../../lib/kiosk-mode';

/** Spec 2.11: staff switch the tablet to athlete kiosk mode after a confirmation; Enter stores the flag and reloads. */
export function EnterAthleteModeButton() {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button size="md" onClick={open}>
        Enter Athlete mode
      </Button>
      <LightDialog opened={opened} onClose={close} title="Enter Athlete mode">
        <Text mb="lg">Are you sure that you want to switch to kiosk mode?</Text>
        <Group justify="flex-end">
          <Button variant="default" size="md" onClick={close}>
            Cancel
          </Button>
          <Button size="md" onClick={enterKioskMode}>
            Enter
          </Button>
        </Group>
      </LightDialog>
    </>
  );
}
