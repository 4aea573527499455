import { isApiError, markShown } from './api-client';

/** How a form names the server's fields: by name ('priceMinor' → 'price'), or a path at a time (nested paths kept). */
export type FieldRename = Readonly<Record<string, string>> | ((path: string) => string);

/**
 * Issue 34: a refusal's messages for the fields a form shows, by the form's field names. With a record, a path under a
 * field lands on it ('initialFields.0' on 'initialFields') and `rename` maps the server's name to the form's
 * ('priceMinor' → 'price'); with a function, each path is mapped whole ('billingPlans.1.priceMinor' →
 * 'billingPlans.1.price') and lands where its first part is one of the form's fields. The refusal counts as shown only
 * when every field it names is one of the form's; otherwise useApiMutation notifies its message, so no refusal is ever
 * lost on a field the form does not have, and none is shown twice.
 */
export function fieldRefusal(error: unknown, formFields: readonly string[], rename: FieldRename = {}): Record<string, string> {
  if (!isApiError(error) || !error.fields) return {};
  const placed: Record<string, string> = {};
  let isEveryFieldPlaced = true;
  for (const [path, texts] of Object.entries(error.fields)) {
    const field = formPathOf(path, formFields, rename);
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

function formPathOf(path: string, formFields: readonly string[], rename: FieldRename): string | undefined {
  const head = path.split('.')[0] ?? path;
  if (typeof rename === 'function') {
    const mapped = rename(path);
    return formFields.includes(mapped.split('.')[0] ?? mapped) ? mapped : undefined;
  }
  const name = rename[path] ?? rename[head] ?? path;
  return formFields.find((f) => name === f || name.startsWith(`${f}.`)) ?? (formFields.includes(head) ? head : undefined);
}

/** A Mantine form's field names (its values' keys). */
export const fieldsOf = (values: object): string[] => Object.keys(values);
