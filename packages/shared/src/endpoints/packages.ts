import { access } from '../access';
import { idParamsSchema } from '../api/common';
import { csvAnswerSchema } from '../api/event-setup';
import { packageCategoriesSchema, packageFilterSchema, packageInputSchema, packageListQuerySchema, packagePageSchema, packageSchema } from '../api/packages';
import { defineEndpoint } from '../endpoint';

const tags = ['packages'];
const params = idParamsSchema('packageId');

/** Issue 18 `/products/packages` (decision 032): the package catalogue with billing plans. Every staff member and owner. */
export const packagesEndpoints = {
  packages: defineEndpoint({
    method: 'GET',
    path: '/api/packages/',
    access: access.staffOrOwner,
    tags,
    summary:
      "The gym's packages (active or archived) with their billing plans and what they cover, searched by name, filtered by kind and category, sorted, paged",
    query: packageListQuerySchema,
    answers: { 200: packagePageSchema },
  }),
  packagesCsv: defineEndpoint({
    method: 'GET',
    path: '/api/packages/export/',
    budget: 'long',
    access: access.staffOrOwner,
    tags,
    summary: 'The filtered packages, all of them, as a CSV file (one line per billing plan)',
    query: packageFilterSchema,
    answers: { 200: csvAnswerSchema },
  }),
  packageCategories: defineEndpoint({
    method: 'GET',
    path: '/api/packages/categories/',
    access: access.staffOrOwner,
    tags,
    summary: "The distinct categories of the gym's packages (active and archived, any case once), in order: the list's category filter",
    answers: { 200: packageCategoriesSchema },
  }),
  package: defineEndpoint({
    method: 'GET',
    path: '/api/packages/:packageId/',
    access: access.staffOrOwner,
    tags,
    summary: 'One package of the gym with its billing plans',
    params,
    answers: { 200: packageSchema },
  }),
  createPackage: defineEndpoint({
    method: 'POST',
    path: '/api/packages/',
    access: access.staffOrOwner,
    tags,
    summary: 'Create a package with its billing plans (its name unique among the active ones)',
    body: packageInputSchema,
    answers: { 201: packageSchema },
  }),
  updatePackage: defineEndpoint({
    method: 'PUT',
    path: '/api/packages/:packageId/',
    access: access.staffOrOwner,
    tags,
    summary:
      'Update a package and replace its billing plans: plans sent with their id are kept and updated, new ones added, removed ones archived when athletes hold them and deleted otherwise',
    params,
    body: packageInputSchema,
    answers: { 200: packageSchema },
  }),
  archivePackage: defineEndpoint({
    method: 'POST',
    path: '/api/packages/:packageId/archive/',
    access: access.staffOrOwner,
    tags,
    summary: 'Archive a package: athletes keep what they hold; it is sold no more',
    params,
    answers: { 200: packageSchema },
  }),
  restorePackage: defineEndpoint({
    method: 'POST',
    path: '/api/packages/:packageId/restore/',
    access: access.staffOrOwner,
    tags,
    summary: 'Restore an archived package (unless an active one has its name)',
    params,
    answers: { 200: packageSchema },
  }),
};
