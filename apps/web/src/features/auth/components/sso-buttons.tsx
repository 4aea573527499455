import { Button, Divider, Stack } from '@mantine/core';
import type { SsoProvider } from '@spotter/shared';
import { getRuntimeConfig, type RuntimeConfig } from '../../../lib/runtime-config';
import { ssoStartUrl } from '../api/sso';

type Provider = { provider: SsoProvider; label: string; clientId: keyof RuntimeConfig };

const providers: Provider[] = [
  { provider: 'google', label: 'Continue with Google', clientId: 'googleClientId' },
  { provider: 'facebook', label: 'Continue with Facebook', clientId: 'facebookClientId' },
  { provider: 'apple', label: 'Continue with Apple', clientId: 'appleClientId' },
  { provider: 'integration', label: 'Continue with Integration', clientId: 'integrationClientId' },
];

/** CONTRACT.md: one button per provider, only when SSO is enabled and that provider's client id is set. */
export function enabledSsoProviders(config: RuntimeConfig): Provider[] {
  if (!config.ssoLoginEnabled) return [];
  return providers.filter((provider) => Boolean(config[provider.clientId]));
}

/**
 * Issue 40: each button leaves for the provider through the server; `portal`: signing in from a sales portal;
 * `onLeave`: called as the person leaves for the provider (the portal keeps its checkout to come back to).
 */
export function SsoButtons({ portal, onLeave }: { portal?: string; onLeave?: () => void } = {}) {
  const enabled = enabledSsoProviders(getRuntimeConfig());
  if (enabled.length === 0) return null;
  return (
    <Stack gap="sm" mt="lg">
      <Divider label="or" labelPosition="center" />
      {enabled.map((provider) => (
        <Button key={provider.provider} component="a" href={ssoStartUrl(provider.provider, portal)} onClick={onLeave} variant="default" fullWidth>
          {provider.label}
        </Button>
      ))}
    </Stack>
  );
}
