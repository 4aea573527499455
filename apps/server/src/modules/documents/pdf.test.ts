import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { documentIntegrityMessages, type DocumentDetail } from '@spotter/shared';
import { contentBlocks, documentPdfName, gymInstant, renderDocumentPdf } from './document-pdf';

const TINY_PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const chicago = { title: 'Iron Temple', timeZone: 'America/Chicago', country: 'US' };
const london = { title: 'Iron Temple London', timeZone: 'Europe/London', country: 'GB' };
const pdfText = (bytes: Uint8Array) => execFileSync('pdftotext', ['-layout', '-', '-'], { input: Buffer.from(bytes) }).toString('utf8');

function signed(o: Partial<DocumentDetail> = {}, s: Partial<NonNullable<DocumentDetail['signature']>> = {}): DocumentDetail {
  return {
    documentId: '11111111-1111-4111-8111-111111111111',
    title: 'Liability Waiver',
    type: 'waiver',
    state: 'signed',
    source: 'sign_up',
    athlete: { athleteId: '22222222-2222-4222-8222-222222222222', fullName: 'Alex Morgan' },
    templateId: null,
    version: 3,
    issuedAt: '2026-03-01T15:00:00.000Z',
    signedAt: '2026-03-04T20:30:05.000Z',
    voidedAt: null,
    lastRemindedAt: null,
    reminderCount: 0,
    signerName: 'Alex Morgan',
    content: '<p>I agree.</p>',
    contentSha256: 'f'.repeat(64),
    requiresSignature: true,
    initialFields: [],
    voidReason: null,
    canSign: false,
    integrity: { state: 'intact', message: documentIntegrityMessages.intact, recordedSha256: 'f'.repeat(64), computedSha256: 'f'.repeat(64) },
    ...o,
    signature: {
      relation: 'self',
      signerName: 'Alex Morgan',
      athleteName: 'Alex Morgan',
      method: 'typed',
      signatureImage: null,
      typedName: 'Alex Morgan',
      initials: [],
      via: 'athlete_app',
      contentSha256: 'f'.repeat(64),
      ip: '203.0.113.7',
      userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)',
      signedAt: '2026-03-04T20:30:05.000Z',
      ...s,
    },
  };
}

describe('the content as text', () => {
  it('parses headings, paragraphs, lists and quotes, decoding entities and keeping bold and italic', () => {
    const blocks = contentBlocks(
      '<h1>Waiver</h1><p>I, <strong>&lt;img src=x&gt;</strong>, agree &amp; <em>accept</em>.<br>Line two</p><ol><li>One</li><li>Two<ul><li>Nested</li></ul></li></ol><blockquote><p>Quoted</p></blockquote><p></p>',
    );
    expect(blocks.map((b) => [b.kind, b.marker, b.depth, b.runs.map((r) => r.text).join('')])).toEqual([
      ['h', '', 0, 'Waiver'],
      ['p', '', 0, 'I, <img src=x>, agree & accept.\nLine two'],
      ['li', '1.', 1, 'One'],
      ['li', '2.', 1, 'Two'],
      ['li', '\u2022', 2, 'Nested'],
      ['quote', '', 1, 'Quoted'],
    ]);
    const p = blocks[1]!;
    expect(
      p.runs
        .filter((r) => r.bold)
        .map((r) => r.text)
        .join(''),
    ).toBe('<img src=x>');
    expect(
      p.runs
        .filter((r) => r.italic)
        .map((r) => r.text)
        .join(''),
    ).toBe('accept');
  });
});

describe('the signed PDF', () => {
  it('carries the content, the typed signature and an audit page in the gym’s zone', async () => {
    const bytes = await renderDocumentPdf(signed({ content: '<h2>Rules</h2><p>I, Alex Morgan, agree.</p><ul><li>Chalk up</li></ul>' }), chicago);
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(2);
    expect(pdf.getTitle()).toBe('Liability Waiver - Alex Morgan');
    const text = pdfText(bytes);
    for (const s of [
      'Iron Temple',
      'Waiver for Alex Morgan - version 3',
      'Rules',
      'I, Alex Morgan, agree.',
      'Chalk up',
      'Signature',
      'Audit trail',
      'The athlete',
      'Athlete app',
      '203.0.113.7',
      'f'.repeat(64),
    ]) {
      expect(text, s).toContain(s);
    }
    expect(text).toContain('Signed 03/04/2026 2:30:05 PM (America/Chicago)');
    expect(text).toMatch(/Typed name: Alex Morgan/);
  });

  it('draws a drawn signature, initials, a guardian, the front desk and a UK date', async () => {
    const bytes = await renderDocumentPdf(
      signed(
        {},
        {
          method: 'drawn',
          signatureImage: TINY_PNG,
          typedName: null,
          relation: 'guardian',
          signerName: 'Pat Morgan',
          athleteName: 'Sam Morgan',
          via: 'front_desk',
          initials: [{ label: 'I accept the risks', value: 'PM' }],
        },
      ),
      london,
    );
    const text = pdfText(bytes);
    expect(text).toContain('I accept the risks: PM');
    expect(text).toContain('Pat Morgan, parent or guardian, for Sam Morgan');
    expect(text).toContain('Parent or guardian of the athlete');
    expect(text).toContain('Front-desk device');
    expect(text).toContain('04/03/2026 20:30:05 (Europe/London)');
  });

  it('replaces what the standard font cannot encode, wraps long words and flows onto more pages', async () => {
    const long = Array.from(
      { length: 120 },
      (_, i) => `<p>Paragraph ${i + 1}: the athlete accepts the risks of lifting heavy things, and “curly quotes” – dashes.</p>`,
    ).join('');
    const bytes = await renderDocumentPdf(signed({ content: `<p>Name: 李小龍 🏋️ Zoë</p><p>${'x'.repeat(300)}</p>${long}` }, { signerName: '李小龍' }), chicago);
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBeGreaterThan(3);
    const text = pdfText(bytes);
    expect(text).toContain('Name: ??? ?? Zoë');
    expect(text).toContain('"curly quotes" - dashes.');
    expect(text).toContain('Paragraph 120:');
  });

  it('names its file after the title and the athlete', () => {
    expect(documentPdfName({ title: 'Membership Contract', athlete: { athleteId: 'x', fullName: 'Zoë O’Brien' } })).toBe('membership-contract-zoe-o-brien.pdf');
    expect(documentPdfName({ title: '李', athlete: { athleteId: 'x', fullName: '小' } })).toBe('document.pdf');
    expect(gymInstant('2026-07-01T12:00:00.000Z', london)).toBe('01/07/2026 13:00:00 (Europe/London)');
  });
});
