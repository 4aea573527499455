import { useState } from 'react';
import { Anchor, Button, Group } from '@mantine/core';
import { Link } from 'react-router';
import { useCurrentSession } from '../../auth';
import { useIsNarrow } from '../../event-setup';
import { useGym } from '../../events';
import { noIssuedFilters, useIssuedDocuments } from '../api/issued';
import { HandOffButton } from './hand-off-button';
import { IssuedDocumentDrawer } from './issued-document-drawer';
import { Empty, IssuedDocumentsList, type DocumentSort } from './issued-documents-list';
import { IssueDocumentDialog } from './issued-issue-dialog';

const PAGE_SIZE = 10;

/**
 * The athlete page's Documents tab (issue 20): the athlete's documents, issuing one to them, and each document's
 * detail (remind, void, PDF, and "Sign on this device" for an unsigned one: the front-desk hand-off).
 */
export function AthleteDocumentsTab({ athlete, readOnly = false }: { athlete: { athleteId: string; fullName: string }; readOnly?: boolean }) {
  const session = useCurrentSession();
  const gymQuery = useGym(session.gym?.gymId ?? '');
  const gym = { timeZone: gymQuery.data?.timeZone ?? 'UTC', country: gymQuery.data?.country ?? null };
  const isNarrow = useIsNarrow();
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<DocumentSort>({ sort: 'issuedAt', order: 'desc' });
  const [openId, setOpenId] = useState<string | null>(null);
  const [issuing, setIssuing] = useState(false);
  const documents = useIssuedDocuments({ ...noIssuedFilters, athleteId: athlete.athleteId, ...sort }, page, PAGE_SIZE);
  return (
    <>
      {!readOnly && (
        <Group justify="flex-end" mb="sm">
          <Button onClick={() => setIssuing(true)}>Issue document</Button>
        </Group>
      )}
      <IssuedDocumentsList
        query={documents}
        gym={gym}
        page={page}
        pageSize={PAGE_SIZE}
        onPage={setPage}
        onOpen={setOpenId}
        isNarrow={isNarrow}
        withAthlete={false}
        sort={sort}
        onSort={(s) => {
          setSort(s);
          setPage(1);
        }}
        empty={<Empty>{`No documents yet. Issue one to ${athlete.fullName}, or set a template to be issued on sign-up or purchase.`}</Empty>}
      />
      <Group mt="sm">
        <Anchor component={Link} to={`/documents/issued?athleteId=${athlete.athleteId}`} size="sm">
          Open in Issued documents
        </Anchor>
      </Group>
      <IssuedDocumentDrawer
        documentId={openId}
        onClose={() => setOpenId(null)}
        isNarrow={isNarrow}
        gym={gym}
        handOff={readOnly ? undefined : (id) => <HandOffButton documentId={id} athleteId={athlete.athleteId} />}
      />
      {!readOnly && <IssueDocumentDialog opened={issuing} onClose={() => setIssuing(false)} athlete={athlete} />}
    </>
  );
}
