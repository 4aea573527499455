import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import {
  ATHLETE_IMPORT_MAX_BYTES,
  ATHLETE_IMPORT_TOO_LARGE_MESSAGE,
  detectDateOrder,
  endpoints,
  guessMapping,
  mappingProblem,
  toZoned,
  type ImportMapping,
} from '@spotter/shared';
import { actorOf } from '../../lib/audit';
import { sendCsv, toCsv } from '../../lib/csv';
import { HttpError, badRequest, conflict, notFound } from '../../lib/http-error';
import { route } from '../../lib/route';
import { gymCaller } from '../../plugins/access';
import { readCsv } from './csv-file';
import { dryRun, importAnswer, importOfGym, importRows, startImport, storeUpload, type ImportGym } from './athlete-import.service';

/** Issue 17: importing athletes from another gym software's CSV export (decision 031). */
export async function athleteImportRoutes(app: FastifyInstance) {
  const { db } = app;
  await app.register(fastifyMultipart, { limits: { fileSize: ATHLETE_IMPORT_MAX_BYTES, files: 1, fields: 0, parts: 1 } });

  async function readFile(request: FastifyRequest): Promise<{ fileName: string; data: Buffer }> {
    if (!request.isMultipart()) throw new HttpError(415, 'Send the CSV file as multipart/form-data with a field named file.', 'unsupported_media_type');
    try {
      const part = await request.file();
      if (!part || part.fieldname !== 'file') throw badRequest('Choose a CSV file to upload.', 'file_required');
      const data = await part.toBuffer();
      return { fileName: (part.filename || 'members.csv').slice(0, 200), data };
    } catch (err) {
      if (err instanceof HttpError) throw err;
      const code = (err as { code?: string }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, ATHLETE_IMPORT_TOO_LARGE_MESSAGE, 'file_too_large');
      if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw badRequest('Upload one file only.', 'too_many_files');
      throw badRequest('The upload could not be read. Please try again.', 'bad_upload');
    }
  }

  function gymOf(request: FastifyRequest): ImportGym {
    const { gym } = gymCaller(request);
    return { gymId: gym.gymId, country: gym.country, today: toZoned(new Date(), gym.timeZone).date };
  }

  async function ownImport(request: FastifyRequest, importId: string) {
    const row = await importOfGym(db, gymCaller(request).gym.gymId, importId);
    if (!row) throw notFound('Import not found.');
    return row;
  }

  function checkMapping(mapping: ImportMapping, headers: readonly string[]): void {
    const problem = mappingProblem(mapping, headers.length);
    if (problem) throw badRequest(problem, 'invalid_mapping', { mapping: [problem] });
  }

  route(app, endpoints.uploadAthleteImport, async (request, reply) => {
    const auth = gymCaller(request);
    const gym = gymOf(request);
    const { fileName, data } = await readFile(request);
    const file = readCsv(data);
    const guess = guessMapping(file.headers, gym.country);
    const dobColumn = guess.columns.indexOf('dob');
    const mapping: ImportMapping =
      dobColumn < 0
        ? guess
        : {
            ...guess,
            dateOrder: detectDateOrder(
              file.rows.map((r) => r.cells[dobColumn] ?? ''),
              gym.country,
            ),
          };
    const actor = actorOf(auth);
    const row = await storeUpload(
      db,
      {
        gymId: gym.gymId,
        fileName,
        headers: file.headers,
        mapping,
        totalRows: file.rows.length,
        createdByProfileId: actor.profileId,
        createdByName: actor.name,
      },
      file.rows,
    );
    reply.status(201);
    return { ...importAnswer(row), sampleRows: file.rows.slice(0, 5).map((r) => r.cells) };
  });

  route(app, endpoints.athleteImport, async (request) => importAnswer(await ownImport(request, request.params.importId)));

  route(app, endpoints.previewAthleteImport, async (request) => {
    const imp = await ownImport(request, request.params.importId);
    checkMapping(request.body.mapping, imp.headers);
    const { rows, summary } = await dryRun(db, imp.id, request.body.mapping, gymOf(request));
    return {
      ...summary,
      errors: summary.errors.slice(0, 100),
      rows: rows.slice(0, request.body.limit).map((r) => ({ row: r.row, outcome: r.outcome, messages: r.messages, ...r.shown })),
    };
  });

  route(app, endpoints.dryRunAthleteImport, async (request) => {
    const imp = await ownImport(request, request.params.importId);
    checkMapping(request.body.mapping, imp.headers);
    return (await dryRun(db, imp.id, request.body.mapping, gymOf(request))).summary;
  });

  route(app, endpoints.startAthleteImport, async (request) => {
    const imp = await ownImport(request, request.params.importId);
    checkMapping(request.body.mapping, imp.headers);
    const started = await startImport(app, imp.id, request.body.mapping);
    if (!started) throw conflict('This file has been imported already. Upload it again to import it again.', 'import_started');
    return importAnswer(started);
  });

  route(app, endpoints.athleteImportSkippedCsv, async (request, reply) => {
    const imp = await ownImport(request, request.params.importId);
    const cellsOf = new Map((await importRows(db, imp.id)).map((r) => [r.rowNumber, r.cells]));
    const csv = toCsv(
      ['Row', 'Problems', ...imp.headers],
      imp.errors.map((e) => [e.row, e.messages.join(' '), ...(cellsOf.get(e.row) ?? [])]),
    );
    const base = imp.fileName.replace(/\.[^.]*$/, '');
    return sendCsv(reply, `${base}-skipped-rows.csv`, csv);
  });
}
