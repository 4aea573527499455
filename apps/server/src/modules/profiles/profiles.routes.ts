import type { FastifyInstance } from 'fastify';
import { endpoints } from '@spotter/shared';
import { toPage } from '../../lib/pagination';
import { badRequest, forbidden, notFound } from '../../lib/http-error';
import { route } from '../../lib/route';
import { loggedIn } from '../../plugins/access';
import { findEnterableProfile } from '../auth';
import { listProfiles, toggleDefaultProfile } from './profiles.repository';

export async function profilesRoutes(app: FastifyInstance) {
  const { db } = app;

  route(app, endpoints.profiles, async (request) => {
    const auth = loggedIn(request);
    // Only one's own profiles; platform staff (not sales) may look up anyone's.
    const isPlatform = auth.role === 'kilo_staff' && !auth.isSalesTeam && !auth.isImpersonating;
    if (request.query.user !== auth.userId && !isPlatform) {
      throw forbidden('You can only list your own profiles.', 'not_own_profile');
    }
    const { count, results } = await listProfiles(db, request.query);
    return toPage(request, request.query.limit, request.query.offset, count, results);
  });

  route(app, endpoints.updateDefaultProfile, async (request) => {
    const auth = loggedIn(request);
    const profile = await findEnterableProfile(db, auth.userId, request.params.id);
    if (!profile) throw notFound('Profile not found.');
    // Spec 6: only the profile's own user, and only for non-demo profiles.
    if (profile.userId !== auth.userId) throw forbidden('Only your own profiles can be your default.', 'not_own_profile');
    if (profile.demoGym) throw badRequest('A demo profile cannot be the default.', 'demo_profile');
    await toggleDefaultProfile(db, auth.userId, profile.profileId);
    const { results } = await listProfiles(db, { user: auth.userId, include_linked: false, limit: 100, offset: 0 });
    const updated = results.find((p) => p.profileId === profile.profileId);
    if (!updated) throw notFound('Profile not found.');
    return updated;
  });
}
