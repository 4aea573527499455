import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** An ILIKE pattern matching the text anywhere, with the pattern's own wildcards escaped. */
export const containsPattern = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A person's full name as it is searched and shown: first and last name with a space. */
export const fullName = (person: { firstName: AnyPgColumn; lastName: AnyPgColumn }) => sql<string>`${person.firstName} || ' ' || ${person.lastName}`;
