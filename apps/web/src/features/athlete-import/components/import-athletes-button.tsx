import { useState } from 'react';
import { Button, Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { ImportAthletesFlow } from './import-athletes-flow';

/**
 * Issue 17: "Import" on the athletes list opens the import of another gym software's CSV export in a dialog: upload,
 * map columns, preview, import with its progress and result. Full screen on a phone.
 */
export function ImportAthletesButton({ athletesListPath = '/users/athletes' }: { athletesListPath?: string }) {
  const [opened, setOpened] = useState(false);
  const narrow = useMediaQuery('(max-width: 48em)');
  return (
    <>
      <Button variant="default" onClick={() => setOpened(true)}>
        Import
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title="Import athletes"
        size="xl"
        fullScreen={!!narrow}
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {opened && <ImportAthletesFlow onClose={() => setOpened(false)} athletesListPath={athletesListPath} />}
      </Modal>
    </>
  );
}
