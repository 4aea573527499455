import { Alert, Badge, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { ssoProviderLabels, ssoProviders, type SsoProvider } from '@spotter/shared';
import { ssoLinkUrl, useSignInMethods, useUnlinkSso } from '../api/sso';

const names: Record<SsoProvider, string> = { ...ssoProviderLabels, integration: 'Integration' };

/**
 * Issue 40, Account's "Sign-in methods": the password (set or not: the reset flow sets one) and each provider this
 * server offers, linked (with the account's email, and Unlink) or not (Link, which leaves for the provider). The server
 * refuses to unlink the last way in; its message is shown as a notification.
 */
export function SignInMethods() {
  const methods = useSignInMethods();
  const unlink = useUnlinkSso();
  if (methods.isPending) {
    return (
      <Stack gap="xs" aria-busy="true" aria-label="Loading sign-in methods">
        <Skeleton height={20} width="40%" />
        <Skeleton height={36} />
        <Skeleton height={36} />
      </Stack>
    );
  }
  if (methods.isError) {
    return (
      <Alert color="red" title="Error">
        Something went wrong while fetching data!
      </Alert>
    );
  }
  const { hasPassword, identities, available } = methods.data;
  const shown = ssoProviders.filter((p) => available.includes(p) || identities.some((i) => i.provider === p));
  return (
    <Stack gap="sm" component="section" aria-labelledby="sign-in-methods-title">
      <Title order={3} size="h4" id="sign-in-methods-title">
        Sign-in methods
      </Title>
      <Group justify="space-between" wrap="nowrap">
        <Text fw={500}>Password</Text>
        {hasPassword ? (
          <Badge color="teal" variant="light">
            Set
          </Badge>
        ) : (
          <Text size="sm" c="dimmed" ta="right">
            Not set: use &quot;Forgot password?&quot; on the login page to set one.
          </Text>
        )}
      </Group>
      {shown.length === 0 && (
        <Text size="sm" c="dimmed">
          No single sign-on providers are available. You sign in with your email and password.
        </Text>
      )}
      {shown.map((provider) => {
        const identity = identities.find((i) => i.provider === provider);
        return (
          <Group key={provider} justify="space-between" wrap="nowrap">
            <div>
              <Text fw={500}>{names[provider]}</Text>
              <Text size="sm" c="dimmed">
                {identity ? `Linked${identity.email ? ` as ${identity.email}` : ''}` : 'Not linked'}
              </Text>
            </div>
            {identity ? (
              <Button
                variant="default"
                size="xs"
                aria-label={`Unlink ${names[provider]}`}
                loading={unlink.isPending && unlink.variables === provider}
                onClick={() => unlink.mutate(provider)}
              >
                Unlink
              </Button>
            ) : (
              <Button component="a" href={ssoLinkUrl(provider)} variant="light" size="xs" aria-label={`Link ${names[provider]}`}>
                Link
              </Button>
            )}
          </Group>
        );
      })}
    </Stack>
  );
}
