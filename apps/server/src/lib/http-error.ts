/** An error whose message is meant for the person using the app (CONTRACT.md: errors). */
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly code: string,
    public readonly fields?: Record<string, string[]>,
  ) {
    super(message);
  }

  /** Headers the answer carries (a 429's Retry-After). */
  headers?: Record<string, string>;
}

export const badRequest = (message: string, code = 'invalid', fields?: Record<string, string[]>) => new HttpError(400, message, code, fields);
export const unauthorized = (message = 'Authentication credentials were not provided.') => new HttpError(401, message, 'not_authenticated');
export const forbidden = (message = 'You do not have permission to perform this action.', code = 'permission_denied') => new HttpError(403, message, code);
export const notFound = (message = 'Not found.') => new HttpError(404, message, 'not_found');
export const conflict = (message: string, code = 'conflict') => new HttpError(409, message, code);

/** One validation failure on one field, with the message the form shows. */
export const fieldError = (field: string, message: string, code = 'validation_error') => new HttpError(400, message, code, { [field]: [message] });
