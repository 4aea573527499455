import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ssoErrorMessages, ssoMessages, type SsoErrorReason } from '@spotter/shared';
import { notifyError, notifySuccess } from '../../../lib/notify';

/**
 * Issue 40: linking a provider from Account leaves the app; the server sends the browser back to `/?sso=linked` or
 * `/?sso=<reason>`. This says how it went once, and takes the parameter out of the address.
 */
export function useSsoLinkNotice(): void {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const params = new URLSearchParams(search);
    const outcome = params.get('sso');
    if (!outcome) return;
    if (outcome === 'linked') notifySuccess(ssoMessages.linked);
    else if (Object.hasOwn(ssoErrorMessages, outcome)) notifyError({ title: 'Linking failed', message: ssoErrorMessages[outcome as SsoErrorReason] });
    params.delete('sso');
    const rest = params.toString();
    void navigate(`${pathname}${rest ? `?${rest}` : ''}`, { replace: true });
  }, [pathname, search, navigate]);
}
