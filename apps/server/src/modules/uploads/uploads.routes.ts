import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import { PROFILE_PICTURE_MAX_BYTES, PROFILE_PICTURE_TOO_LARGE_MESSAGE, PROFILE_PICTURE_TYPE_MESSAGE, endpoints } from '@spotter/shared';
import { HttpError, badRequest, notFound } from '../../lib/http-error';
import { MAX_IMAGE_SIDE, sniffImage } from '../../lib/images';
import { route } from '../../lib/route';
import { gymCaller, loggedIn } from '../../plugins/access';
import { athleteOfGym, setProfilePicture, staffOfGym } from './pictures';

const MEDIA_NAME = /^[0-9a-f-]{36}\.(png|jpeg|gif|webp)$/;
const MIME: Record<string, string> = { png: 'image/png', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp' };

/**
 * Spec 7.2: profile pictures for gyms, platform staff, staff and athletes. Who may upload is checked
 * before the file is read; the file is judged by its bytes; nothing is stored unless it is accepted.
 */
export async function uploadsRoutes(app: FastifyInstance) {
  const { db } = app;
  const ctx = { db, changes: app.changes };
  const mediaDir = path.join(app.config.dataDir, 'uploads');
  fs.mkdirSync(mediaDir, { recursive: true });
  await app.register(fastifyMultipart, { limits: { fileSize: PROFILE_PICTURE_MAX_BYTES, files: 1, fields: 0, parts: 1 } });

  async function readImage(request: FastifyRequest): Promise<{ name: string; data: Buffer }> {
    if (!request.isMultipart()) throw new HttpError(415, 'Send the picture as multipart/form-data with a field named file.', 'unsupported_media_type');
    let data: Buffer;
    let field: string;
    try {
      const part = await request.file();
      if (!part) throw badRequest('Choose a picture to upload.', 'file_required');
      field = part.fieldname;
      data = await part.toBuffer();
    } catch (err) {
      if (err instanceof HttpError) throw err;
      const code = (err as { code?: string }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') {
        throw new HttpError(
          code === 'FST_REQ_FILE_TOO_LARGE' ? 413 : 400,
          code === 'FST_REQ_FILE_TOO_LARGE' ? PROFILE_PICTURE_TOO_LARGE_MESSAGE : 'Upload one file only.',
          code === 'FST_REQ_FILE_TOO_LARGE' ? 'file_too_large' : 'too_many_files',
        );
      }
      throw badRequest('The upload could not be read. Please try again.', 'bad_upload');
    }
    if (field !== 'file') throw badRequest('Send the picture in a field named file.', 'file_required');
    if (data.length > PROFILE_PICTURE_MAX_BYTES) throw new HttpError(413, PROFILE_PICTURE_TOO_LARGE_MESSAGE, 'file_too_large');
    const image = sniffImage(data);
    if (!image) throw new HttpError(415, PROFILE_PICTURE_TYPE_MESSAGE, 'unsupported_media_type');
    if (image.width < 1 || image.height < 1 || image.width > MAX_IMAGE_SIDE || image.height > MAX_IMAGE_SIDE) {
      throw new HttpError(413, `The picture is too large: at most ${MAX_IMAGE_SIDE} × ${MAX_IMAGE_SIDE} pixels.`, 'image_too_large');
    }
    return { name: `${randomUUID()}.${image.type}`, data };
  }

  async function store(image: { name: string; data: Buffer }): Promise<string> {
    const tmp = path.join(mediaDir, `.${image.name}.tmp`);
    await fs.promises.writeFile(tmp, image.data, { flag: 'wx' });
    await fs.promises.rename(tmp, path.join(mediaDir, image.name));
    return `/media/${image.name}`;
  }

  route(app, endpoints.gymPicture, async (request) => {
    const auth = gymCaller(request);
    if (request.params.gymId !== auth.gym.gymId) throw notFound('Gym not found.');
    const url = await store(await readImage(request));
    await setProfilePicture(ctx, { kind: 'gym', gymId: auth.gym.gymId }, url);
    return { url };
  });

  route(app, endpoints.kiloStaffPicture, async (request) => {
    if (request.params.kiloStaffId !== loggedIn(request).kiloStaffId) throw notFound('Platform staff account not found.');
    const url = await store(await readImage(request));
    await setProfilePicture(ctx, { kind: 'kilo_staff', kiloStaffId: request.params.kiloStaffId }, url);
    return { url };
  });

  route(app, endpoints.staffPicture, async (request) => {
    const auth = gymCaller(request);
    const { staffId } = request.params;
    if (staffId !== auth.staffId && auth.role !== 'owner') throw notFound('Staff account not found.');
    const target = await staffOfGym(db, auth.gym.gymId, staffId);
    if (!target) throw notFound('Staff account not found.');
    const url = await store(await readImage(request));
    await setProfilePicture(ctx, { kind: 'staff', staffId: target }, url);
    return { url };
  });

  route(app, endpoints.athletePicture, async (request) => {
    const auth = gymCaller(request);
    const { athleteId } = request.params;
    if (auth.role === 'athlete' && auth.athleteId !== athleteId) throw notFound('Athlete not found.');
    const target = await athleteOfGym(db, auth.gym.gymId, athleteId);
    if (!target) throw notFound('Athlete not found.');
    const url = await store(await readImage(request));
    await setProfilePicture(ctx, { kind: 'athlete', athleteId: target, gymId: auth.gym.gymId }, url);
    return { url };
  });

  // Stored pictures: served as the image type they were judged to be, never sniffed, never run.
  app.get('/media/:name', async (request, reply) => {
    const { name } = request.params as { name: string };
    if (!MEDIA_NAME.test(name)) return reply.status(404).send({ message: 'Not found.', code: 'not_found' });
    const file = path.join(mediaDir, name);
    if (!fs.existsSync(file)) return reply.status(404).send({ message: 'Not found.', code: 'not_found' });
    return reply
      .header('Content-Type', MIME[name.split('.')[1]!]!)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .send(fs.createReadStream(file));
  });
}
