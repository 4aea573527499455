import type { FastifyInstance } from 'fastify';
import { endpoints } from '@spotter/shared';
import { route } from '../../lib/route';
import { gymCaller } from '../../plugins/access';
import {
  readGymSettings,
  readKioskSettings,
  updateClassDefaults,
  updateEmailIdentity,
  updateKioskSettings,
  updatePayrollSettings,
  updateProfileSettings,
  updateRegionSettings,
  updateTaxSettings,
} from './gym-settings.service';

/** Issue 22 (decision 036): `/gym-settings`, each section its own PUT answering the whole settings; the kiosk's read. */
export async function gymSettingsRoutes(app: FastifyInstance) {
  const { db } = app;
  const ctx = { db, changes: app.changes };
  const settingsOf = (gymId: string) => readGymSettings(db, gymId, app.config.mailFrom);

  route(app, endpoints.gymSettings, async (request) => settingsOf(gymCaller(request).gym.gymId));

  route(app, endpoints.updateGymProfileSettings, async (request) => {
    const { gymId } = gymCaller(request).gym;
    await updateProfileSettings(ctx, gymId, request.body);
    return settingsOf(gymId);
  });

  route(app, endpoints.updateGymRegionSettings, async (request) => {
    const { gymId } = gymCaller(request).gym;
    await updateRegionSettings(ctx, gymId, request.body);
    return settingsOf(gymId);
  });

  route(app, endpoints.updateGymTaxSettings, async (request) => {
    const { gymId } = gymCaller(request).gym;
    await updateTaxSettings(ctx, gymId, request.body);
    return settingsOf(gymId);
  });

  route(app, endpoints.updateGymClassDefaults, async (request) => {
    const { gymId } = gymCaller(request).gym;
    await updateClassDefaults(ctx, gymId, request.body);
    return settingsOf(gymId);
  });

  route(app, endpoints.updateGymKioskSettings, async (request) => {
    const { gymId } = gymCaller(request).gym;
    await updateKioskSettings(ctx, gymId, request.body);
    return settingsOf(gymId);
  });

  route(app, endpoints.updateGymPayrollSettings, async (request) => {
    const { gymId } = gymCaller(request).gym;
    await updatePayrollSettings(ctx, gymId, request.body);
    return settingsOf(gymId);
  });

  route(app, endpoints.updateGymEmailIdentity, async (request) => {
    const { gymId } = gymCaller(request).gym;
    await updateEmailIdentity(ctx, gymId, request.body);
    return settingsOf(gymId);
  });

  route(app, endpoints.kioskSettings, async (request) => readKioskSettings(db, gymCaller(request).gym.gymId));
}
