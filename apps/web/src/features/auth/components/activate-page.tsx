import { useEffect, useRef } from 'react';
import { Alert, Anchor, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { errorMessage } from '../../../lib/api-client';
import { useActivateAccount, useResendActivation } from '../api/activation';
import { AuthCard } from './auth-card';
import { EmailRequestForm } from './email-request-form';

function ResendActivation() {
  const resend = useResendActivation();
  if (resend.isSuccess) {
    return (
      <Alert color="teal" title="Check your email" role="status">
        {resend.data.detail}
      </Alert>
    );
  }
  return (
    <Stack gap="sm">
      <Text>Enter your email and we will send you a new activation link.</Text>
      {resend.isError && (
        <Alert color="red" title="Error" role="alert">
          {errorMessage(resend.error)}
        </Alert>
      )}
      <EmailRequestForm
        submitLabel="Send a new link"
        isPending={resend.isPending}
        onSubmit={(email, showRefusal) => resend.mutate({ email }, { onError: showRefusal })}
      />
    </Stack>
  );
}

/** /activate/:uid/:token: activates the account on load (the link is single-use). */
export function ActivatePage() {
  const { uid = '', token = '' } = useParams();
  const activation = useActivateAccount();
  const { mutate } = activation;
  const sentFor = useRef<string | null>(null);

  useEffect(() => {
    // Once per link: StrictMode runs effects twice and a second call would find the link used.
    const key = `${uid}/${token}`;
    if (sentFor.current === key) return;
    sentFor.current = key;
    mutate({ uid, token });
  }, [uid, token, mutate]);

  return (
    <AuthCard title="Activate your account">
      {activation.isSuccess ? (
        <Stack gap="md">
          <Alert color="teal" title="Account activated" role="status">
            {activation.data.detail}
          </Alert>
          <Button component={Link} to="/login" fullWidth>
            Log in
          </Button>
        </Stack>
      ) : activation.isError ? (
        <Stack gap="md">
          <Alert color="red" title="Activation failed" role="alert">
            {errorMessage(activation.error)}
          </Alert>
          <ResendActivation />
          <Anchor component={Link} to="/login" ta="center">
            Back to log in
          </Anchor>
        </Stack>
      ) : (
        <Center py="md">
          <Loader role="status" aria-label="Activating your account" />
        </Center>
      )}
    </AuthCard>
  );
}
