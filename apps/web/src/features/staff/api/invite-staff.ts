import { staffMemberSchema, type InviteStaffInput } from '@spotter/shared';
import { callEndpoint } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { staffKeys } from './query-keys';

/** POST /api/staff/: invite by email; the server mails the activation link. */
export function inviteStaff(input: InviteStaffInput) {
  return callEndpoint('inviteStaff', { body: input }, { schema: staffMemberSchema });
}

export function useInviteStaff() {
  return useApiMutation({
    mutationFn: inviteStaff,
    success: (member) => ({ title: 'Invitation sent', message: `${member.fullName} will get an email to activate their login.` }),
    errorTitle: 'Inviting staff failed',
    invalidates: [staffKeys.all],
  });
}
