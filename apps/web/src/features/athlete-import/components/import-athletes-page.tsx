import { Paper } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { ImportAthletesFlow } from './import-athletes-flow';

/**
 * `/users/athletes/import` (issue 17; no spec route, decision 031): the import as a page of its own, for a link or a
 * phone. The athletes list opens the same flow in a dialog (ImportAthletesButton).
 */
export function ImportAthletesPage() {
  const narrow = useMediaQuery('(max-width: 48em)');
  const listPath = narrow ? '/athletes' : '/users/athletes';
  const navigate = useNavigate();
  return (
    <>
      <PageHeader title="Import athletes" />
      <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md">
        <ImportAthletesFlow onClose={() => void navigate(listPath)} athletesListPath={listPath} />
      </Paper>
    </>
  );
}
