import { isApiError, markShown } from './api-client';

/**
 * Issue 34: a refusal's messages for the fields a form shows, by the form's field names: a path under a field lands on
 * it ('initialFields.0' on 'initialFields'), and `rename` maps the server's name to the form's ('priceMinor' → 'price').
 * The refusal counts as shown only when every field it names is one of the form's; otherwise useApiMutation notifies
 * its message, so no refusal is ever lost on a field the form does not have.
 */
export function fieldRefusal(error: unknown, formFields: readonly string[], rename: Readonly<Record<string, string>> = {}): Record<string, string> {
  if (!isApiError(error) || !error.fields) return {};
  const placed: Record<string, string> = {};
  let isEveryFieldPlaced = true;
  for (const [path, texts] of Object.entries(error.fields)) {
    const head = path.split('.')[0] ?? path;
    const name = rename[path] ?? rename[head] ?? path;
    const field = formFields.find((f) => name === f || name.startsWith(`${f}.`)) ?? (formFields.includes(head) ? head : undefined);
    const text = texts[0];
    if (field === undefined || !text) {
      isEveryFieldPlaced = false;
      continue;
    }
    placed[field] ??= text;
  }
  if (isEveryFieldPlaced && Object.keys(placed).length > 0) markShown(error);
  return placed;
}
