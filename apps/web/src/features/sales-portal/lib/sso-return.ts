/**
 * Issue 40: a person who chose a package and a plan and then signs up with a provider from the checkout comes back to
 * that checkout, not to the portal's first page where the server's callback lands (`/sales-portal/{slug}`). The page
 * is kept in this tab's session storage while the person is at the provider, and taken once on return.
 */
const KEY = 'spotter.portal-sso-return';

export function rememberPortalReturn(slug: string, path: string): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ slug, path }));
  } catch {
    // Storage refused (private mode): the person lands on the portal's first page and chooses again.
  }
}

/** The checkout to go back to, once: only a page of this portal's own steps. */
export function takePortalReturn(slug: string): string | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return null;
    sessionStorage.removeItem(KEY);
    const saved = JSON.parse(raw) as { slug?: unknown; path?: unknown };
    const prefix = `/sales-portal/${slug}/`;
    return saved.slug === slug && typeof saved.path === 'string' && saved.path.startsWith(prefix) && /^[\w\-/]+$/.test(saved.path) ? saved.path : null;
  } catch {
    return null;
  }
}
