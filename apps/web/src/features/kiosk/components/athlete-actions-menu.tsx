import { ActionIcon, Menu } from '@mantine/core';
import { markRule, type KioskAthlete } from '@spotter/shared';

export type AthleteAction = 'removeCheckIn' | 'lateCancel' | 'noShow' | 'bulk' | 'delete' | 'signDocument';

type AthleteActionsMenuProps = { athlete: KioskAthlete; isClass: boolean; onAction: (action: AthleteAction) => void };

/** Spec 2.12 / 4: Remove Check In; late cancel and no show as markRule says (offered when credited, enabled unless checked in). */
export function AthleteActionsMenu({ athlete, isClass, onAction }: AthleteActionsMenuProps) {
  const hasReservation = athlete.reservationId !== null;
  const mark = markRule(athlete);
  const offersMarks = hasReservation && mark.offered;
  return (
    <Menu position="bottom-end" width={240}>
      <Menu.Target>
        <ActionIcon variant="default" size={56} radius="md" aria-label={`Actions for ${athlete.fullName}`}>
          <span aria-hidden style={{ fontSize: 24, lineHeight: 1 }}>
            ⋮
          </span>
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {athlete.isCheckedIn && (
          <Menu.Item py="sm" onClick={() => onAction('removeCheckIn')}>
            Remove Check In
          </Menu.Item>
        )}
        {offersMarks && (
          <>
            <Menu.Item py="sm" disabled={!mark.enabled} onClick={() => onAction('lateCancel')}>
              Mark Late Cancel
            </Menu.Item>
            <Menu.Item py="sm" disabled={!mark.enabled} onClick={() => onAction('noShow')}>
              Mark No Show
            </Menu.Item>
          </>
        )}
        {isClass && (
          <Menu.Item py="sm" onClick={() => onAction('bulk')}>
            Bulk Reservation
          </Menu.Item>
        )}
        {athlete.hasUnsignedDocuments && (
          <Menu.Item py="sm" onClick={() => onAction('signDocument')}>
            Sign document
          </Menu.Item>
        )}
        {hasReservation && (
          <Menu.Item py="sm" color="red.9" onClick={() => onAction('delete')}>
            Delete Reservation
          </Menu.Item>
        )}
        {!athlete.isCheckedIn && !offersMarks && !isClass && !hasReservation && !athlete.hasUnsignedDocuments && <Menu.Label>No actions available</Menu.Label>}
      </Menu.Dropdown>
    </Menu>
  );
}
