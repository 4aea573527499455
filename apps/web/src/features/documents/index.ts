export { SignDocumentForm } from './components/sign-document-form';
export { documentKeys } from './api/documents';
export { HandOffButton, SignDocumentDialog } from './components/hand-off-button';
export { AthleteDocumentsTab } from './components/athlete-documents-tab';
