import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { ssoErrorMessages, type SsoErrorReason } from '@spotter/shared';
import { AuthCard } from './auth-card';

const isReason = (value: string | null): value is SsoErrorReason => value !== null && Object.hasOwn(ssoErrorMessages, value);

/** /social-login-error: where a failed Google, Facebook, Apple or integration sign-in lands, with the server's reason. */
export function SocialLoginErrorPage() {
  const [params] = useSearchParams();
  const reason = params.get('reason');
  return (
    <AuthCard title="Social login failed">
      <Stack gap="md">
        {isReason(reason) ? (
          <Alert color="red" title="We could not sign you in">
            {ssoErrorMessages[reason]}
          </Alert>
        ) : (
          <Text>We could not sign you in with that provider. The sign-in may have been cancelled, or the provider could not confirm who you are.</Text>
        )}
        <Text>Please log in with your email and password, or try the provider again from the login page.</Text>
        <Anchor component={Link} to="/login">
          Back to log in
        </Anchor>
      </Stack>
    </AuthCard>
  );
}
