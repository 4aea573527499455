import { lazyWithReload, pick } from '../../lib/chunk-reload';
import type { PageRegistry } from './page-registry';

const TemplatesPage = lazyWithReload(
  'document-templates',
  pick(() => import('../../features/documents/components/templates-page'), 'TemplatesPage'),
);
const MyDocumentsPage = lazyWithReload(
  'my-documents',
  pick(() => import('../../features/documents/components/my-documents-page'), 'MyDocumentsPage'),
);
const MyDocumentDetailPage = lazyWithReload(
  'my-document',
  pick(() => import('../../features/documents/components/my-documents-detail'), 'MyDocumentDetailPage'),
);
const IssuedDocumentsPage = lazyWithReload(
  'issued-documents',
  pick(() => import('../../features/documents/components/issued-documents-page'), 'IssuedDocumentsPage'),
);

/**
 * Issue 20: `/documents/issued` and `/documents/templates` for staff (spec 2.7), the athlete's `/documents/{tab}` and
 * `/documents/{tab}/{documentId}` (spec 2.4).
 */
export const documentsPages: PageRegistry = {
  staff: { '/documents/templates': TemplatesPage, '/documents/issued': IssuedDocumentsPage },
  staffMobile: { '/documents/templates': TemplatesPage, '/documents/issued': IssuedDocumentsPage },
  athlete: { '/documents/:tab': MyDocumentsPage, '/documents/:tab/:documentId': MyDocumentDetailPage },
};
