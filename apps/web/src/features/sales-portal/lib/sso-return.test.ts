import { beforeEach, describe, expect, it } from 'vitest';
import { rememberPortalReturn, takePortalReturn } from './sso-return';

describe('the checkout to come back to after a provider sign-in', () => {
  beforeEach(() => sessionStorage.clear());

  it('is taken once, for the same portal', () => {
    rememberPortalReturn('iron-temple', '/sales-portal/iron-temple/pkg-1/plan-2');
    expect(takePortalReturn('iron-temple')).toBe('/sales-portal/iron-temple/pkg-1/plan-2');
    expect(takePortalReturn('iron-temple')).toBeNull();
  });

  it("is never another portal's page, nor a page outside the portal's steps", () => {
    rememberPortalReturn('iron-temple', '/sales-portal/iron-temple/pkg-1/plan-2');
    expect(takePortalReturn('maple-athletics')).toBeNull();
    rememberPortalReturn('iron-temple', '/account');
    expect(takePortalReturn('iron-temple')).toBeNull();
    rememberPortalReturn('iron-temple', '/sales-portal/iron-temple/x?next=https://evil.example');
    expect(takePortalReturn('iron-temple')).toBeNull();
  });
});
