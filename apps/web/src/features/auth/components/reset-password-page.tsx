import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage, isShown } from '../../../lib/api-client';
import { useRequestPasswordReset } from '../api/password-reset';
import { AuthCard } from './auth-card';
import { EmailRequestForm } from './email-request-form';

/** /reset-password: asks for a reset link; the server answers the same whether the account exists. */
export function ResetPasswordPage() {
  const request = useRequestPasswordReset();
  // A refusal shown on the email field is not shown again above the form (issue 34: once).
  const [isOnField, setIsOnField] = useState(false);
  return (
    <AuthCard title="Reset your password">
      <Stack gap="md">
        {request.isSuccess ? (
          <Alert color="teal" title="Check your email" role="status">
            {request.data.detail}
          </Alert>
        ) : (
          <>
            <Text>Enter the email of your account and we will send you a link to choose a new password.</Text>
            {request.isError && !isOnField && (
              <Alert color="red" title="Error" role="alert">
                {errorMessage(request.error)}
              </Alert>
            )}
            <EmailRequestForm
              submitLabel="Send reset link"
              isPending={request.isPending}
              onSubmit={(email, showRefusal) =>
                request.mutate(
                  { email },
                  {
                    onError: (error) => {
                      showRefusal(error);
                      setIsOnField(isShown(error));
                    },
                  },
                )
              }
            />
          </>
        )}
        <Anchor component={Link} to="/login" ta="center">
          Back to log in
        </Anchor>
      </Stack>
    </AuthCard>
  );
}
