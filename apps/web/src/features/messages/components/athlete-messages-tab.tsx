import { useState } from 'react';
import { useCurrentSession } from '../../auth';
import { useIsNarrow } from '../../event-setup';
import { useGym } from '../../events';
import { useAthleteMessages } from '../api/messages';
import { Empty, MessageDrawer, MessageList } from './message-list';

const PAGE_SIZE = 10;

/** The athlete page's Messages tab (issue 22): the mails sent to the athlete's address or their parents', newest first. */
export function AthleteMessagesTab({ athlete }: { athlete: { athleteId: string; fullName: string } }) {
  const session = useCurrentSession();
  const gymQuery = useGym(session.gym?.gymId ?? '');
  const gym = { timeZone: gymQuery.data?.timeZone ?? 'UTC', country: gymQuery.data?.country ?? null };
  const isNarrow = useIsNarrow();
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  const messages = useAthleteMessages(athlete.athleteId, page, PAGE_SIZE);
  return (
    <>
      <MessageList
        query={messages}
        gym={gym}
        page={page}
        pageSize={PAGE_SIZE}
        onPage={setPage}
        onOpen={setOpenId}
        isNarrow={isNarrow}
        empty={<Empty>{`No mails sent to ${athlete.fullName} yet. Booking confirmations, invoices and documents sent to them show here.`}</Empty>}
      />
      <MessageDrawer messageId={openId} onClose={() => setOpenId(null)} gym={gym} isNarrow={isNarrow} />
    </>
  );
}
