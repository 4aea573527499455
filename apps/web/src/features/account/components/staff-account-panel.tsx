import { countryNames, type Staff } from '@spotter/shared';
import { formatPhone } from '../../../lib/phone';
import { staffSelfQueryKey, useStaffSelf } from '../api/get-staff-self';
import { useUpdateStaffSelf } from '../api/update-staff-self';
import { formatDob } from './account-form-rules';
import { EditableAccount, PanelError, PanelLoader, type AccountItem } from './panel-states';
import { ProfilePictureUpload } from './profile-picture-upload';
import { StaffProfileForm, asCountry, fieldErrorsOf } from './staff-profile-form';

function StaffAccountForm({ staff, canEditCoach, onDone }: { staff: Staff; canEditCoach: boolean; onDone: () => void }) {
  const update = useUpdateStaffSelf();
  return (
    <StaffProfileForm
      staff={staff}
      canEditCoach={canEditCoach}
      email={{ isEditable: false, description: 'To change your email, use Edit Login on the profile selection page.' }}
      label="Edit account details"
      isSaving={update.isPending}
      onCancel={onDone}
      onSave={(input, onFieldErrors) => update.mutate(input, { onSuccess: onDone, onError: (error) => onFieldErrors(fieldErrorsOf(error)) })}
    />
  );
}

function staffItems(staff: Staff, canEditCoach: boolean): AccountItem[] {
  const { address } = staff;
  const place = [address.locality, [address.region, address.zipCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  const country = asCountry(address.country);
  const addressLines = [...address.addressLines, place, country ? countryNames[country] : ''].filter(Boolean);
  return [
    { label: 'First name', value: staff.firstName },
    { label: 'Last name', value: staff.lastName },
    { label: 'Email', value: staff.email },
    { label: 'Phone', value: formatPhone(staff.phone) },
    { label: 'Date of birth', value: formatDob(staff.dob) },
    { label: 'Gender', value: staff.gender ?? '' },
    ...(canEditCoach ? [{ label: 'Coach', value: staff.isCoach ? 'Yes' : 'No' }] : []),
    { label: 'Address', value: addressLines.length ? addressLines.map((line) => <div key={line}>{line}</div>) : '' },
    { label: 'Emergency contact name', value: staff.emergencyName },
    { label: 'Emergency contact phone', value: formatPhone(staff.emergencyPhone) },
    { label: 'Medical notes', value: staff.medicalNotes ? <span style={{ whiteSpace: 'pre-wrap' }}>{staff.medicalNotes}</span> : '' },
  ];
}

type StaffAccountPanelProps = { canEditCoach: boolean };

/** Spec 2.13 / 5 / 6: the staff and owner account panel. */
export function StaffAccountPanel({ canEditCoach }: StaffAccountPanelProps) {
  const staffQuery = useStaffSelf();
  if (staffQuery.isPending) return <PanelLoader />;
  if (staffQuery.isError) return <PanelError />;
  const staff = staffQuery.data;
  return (
    <EditableAccount
      picture={
        <ProfilePictureUpload
          name={staff.fullName}
          email={staff.email}
          pictureUrl={staff.profilePicture}
          target={{ kind: 'staff', staffId: staff.staffId }}
          ownerQueryKey={staffSelfQueryKey}
        />
      }
      items={staffItems(staff, canEditCoach)}
      form={(done) => <StaffAccountForm staff={staff} canEditCoach={canEditCoach} onDone={done} />}
    />
  );
}
