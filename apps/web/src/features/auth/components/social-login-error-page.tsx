import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { AuthCard } from './auth-card';

/** /social-login-error: where a failed Google, Facebook, Apple or integration sign-in lands. */
export function SocialLoginErrorPage() {
  return (
    <AuthCard title="Social login failed">
      <Stack gap="md">
        <Text>We could not sign you in with that provider. The sign-in may have been cancelled, or the provider could not confirm who you are.</Text>
        <Text>Please log in with your email and password, or try the provider again from the login page.</Text>
        <Anchor component={Link} to="/login">
          Back to log in
        </Anchor>
      </Stack>
    </AuthCard>
  );
}
