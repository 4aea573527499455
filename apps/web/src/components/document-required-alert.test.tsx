import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { render } from '../testing/render';
import { ApiError } from '../lib/api-client';
import { DocumentRequiredAlert } from './document-required-alert';

const DOCUMENT_ID = '7b0f9b3e-2d6a-4c55-9a57-1f1f4a0c2b11';

describe('DocumentRequiredAlert (issue 20)', () => {
  it('says which document a refused booking waits for and links to it', () => {
    const error = new ApiError(409, 'Please sign “Liability Waiver” before booking.', 'document_required', { documentId: [DOCUMENT_ID] });
    render(<DocumentRequiredAlert error={error} />);
    expect(screen.getByRole('alert').textContent).toContain('Please sign “Liability Waiver” before booking.');
    expect(screen.getByRole('link', { name: 'Read and sign it' }).getAttribute('href')).toBe(`/documents/unsigned/${DOCUMENT_ID}`);
  });

  it('shows nothing for any other failure, or none', () => {
    render(
      <>
        <DocumentRequiredAlert error={new ApiError(409, 'This class is full.', 'class_full')} />
        <DocumentRequiredAlert error={null} />
      </>,
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(/sign/i)).toBeNull();
  });
});
