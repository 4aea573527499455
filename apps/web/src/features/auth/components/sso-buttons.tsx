import { Button, Divider, Stack } from '@mantine/core';
import { getRuntimeConfig, type RuntimeConfig } from '../../../lib/runtime-config';
import { notifyInfo } from '../../../lib/notify';

type Provider = { label: string; clientId: keyof RuntimeConfig };

const providers: Provider[] = [
  { label: 'Continue with Google', clientId: 'googleClientId' },
  { label: 'Continue with Facebook', clientId: 'facebookClientId' },
  { label: 'Continue with Apple', clientId: 'appleClientId' },
  { label: 'Continue with Integration', clientId: 'integrationClientId' },
];

/** CONTRACT.md: one button per provider, only when SSO is enabled and that provider's client id is set. */
export function enabledSsoProviders(config: RuntimeConfig): Provider[] {
  if (!config.ssoLoginEnabled) return [];
  return providers.filter((provider) => Boolean(config[provider.clientId]));
}

export function SsoButtons() {
  const enabled = enabledSsoProviders(getRuntimeConfig());
  if (enabled.length === 0) return null;
  return (
    <Stack gap="sm" mt="lg">
      <Divider label="or" labelPosition="center" />
      {enabled.map((provider) => (
        <Button
          key={provider.label}
          variant="default"
          fullWidth
          onClick={() => notifyInfo(`${provider.label.replace('Continue with ', '')} sign-in is not available yet.`)}
        >
          {provider.label}
        </Button>
      ))}
    </Stack>
  );
}
