import { Parser } from 'htmlparser2';
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { documentTypeLabels, formatDate, formatTime, toZoned, type DocumentDetail, type GymCountry } from '@spotter/shared';
import { pdfSafeText } from '../invoices';

/**
 * Issue 20 (decision 035): a signed document as a PDF (pdf-lib, its standard Helvetica): the content exactly as
 * signed, as text (headings, paragraphs, list items and quotes, wrapped; bold and italic kept), the initials, the
 * signature (the drawn PNG, or the typed name) and an audit page. The content is HTML whose merge values were
 * escaped, so it is parsed (htmlparser2 decodes the entities) and drawn as text: markup in a name stays text.
 */

const PAGE: [number, number] = [595.28, 841.89]; // A4
const MARGIN = 56;
const WIDTH = PAGE[0] - 2 * MARGIN;
const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.35, 0.35, 0.4);
const ALARM = rgb(0.7, 0.05, 0.05);
/** Issue 32: the line every page of an altered copy carries above its margin. */
export const ALTERED_PAGE_WARNING = 'WARNING: altered copy - this content does not match the SHA-256 recorded when it was signed.';

export type PdfGym = { title: string; timeZone: string; country: string };

type Style = { bold: boolean; italic: boolean };
type Run = Style & { text: string };
type Block = { kind: 'p' | 'h' | 'li' | 'quote'; level: number; marker: string; runs: Run[]; depth: number };

const HEADING = /^h([1-6])$/;
const BLOCKS = new Set(['p', 'li', 'blockquote', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'div']);

/** The content's blocks: each with its runs of text (entities decoded, whitespace collapsed as a browser does). */
export function contentBlocks(html: string): Block[] {
  const blocks: Block[] = [];
  const style: Style = { bold: false, italic: false };
  const bold: string[] = [];
  const italic: string[] = [];
  const lists: { ordered: boolean; n: number }[] = [];
  let quote = 0;
  let current: Block | null = null;
  const open = (kind: Block['kind'], level = 0, marker = '') => {
    current = { kind, level, marker, runs: [], depth: lists.length + quote };
    blocks.push(current);
    return current;
  };
  const parser = new Parser(
    {
      onopentag(name) {
        const h = HEADING.exec(name);
        if (h) open('h', Number(h[1]));
        else if (name === 'p' || name === 'div') open(quote > 0 ? 'quote' : 'p');
        else if (name === 'li') {
          const list = lists.at(-1);
          if (list) list.n += 1;
          open('li', 0, list?.ordered ? `${list.n}.` : '\u2022');
        } else if (name === 'ul' || name === 'ol') lists.push({ ordered: name === 'ol', n: 0 });
        else if (name === 'blockquote') quote += 1;
        else if (name === 'strong' || name === 'b') bold.push(name);
        else if (name === 'em' || name === 'i') italic.push(name);
        else if (name === 'br') (current ?? open('p')).runs.push({ text: '\n', ...style });
        style.bold = bold.length > 0;
        style.italic = italic.length > 0;
      },
      ontext(text) {
        if (!text) return;
        const t = text.replace(/\s+/g, ' ');
        if (!current) {
          if (!t.trim()) return;
          open(quote > 0 ? 'quote' : 'p');
        }
        current!.runs.push({ text: t, ...style });
      },
      onclosetag(name) {
        if (name === 'ul' || name === 'ol') lists.pop();
        else if (name === 'blockquote') quote = Math.max(0, quote - 1);
        else if (name === 'strong' || name === 'b') bold.pop();
        else if (name === 'em' || name === 'i') italic.pop();
        if (BLOCKS.has(name)) current = null;
        style.bold = bold.length > 0;
        style.italic = italic.length > 0;
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return blocks.filter((b) => b.runs.some((r) => r.text.trim()));
}

/** The instant in the gym's zone and format: "11/24/2026 6:30:05 PM (America/Chicago)". */
export function gymInstant(iso: string, gym: PdfGym): string {
  const z = toZoned(new Date(iso), gym.timeZone);
  const country = gym.country as GymCountry;
  const hm = formatTime(z.time, country);
  const withSeconds = hm.replace(/^(\d{1,2}:\d{2})/, `$1:${z.time.slice(6, 8)}`);
  return `${formatDate(z.date, country)} ${withSeconds} (${gym.timeZone})`;
}

export async function renderDocumentPdf(detail: DocumentDetail, gym: PdfGym): Promise<Uint8Array> {
  const signature = detail.signature;
  if (!signature) throw new Error('Only a signed document has a PDF.');
  const doc = await PDFDocument.create();
  const fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
    italic: await doc.embedFont(StandardFonts.HelveticaOblique),
    boldItalic: await doc.embedFont(StandardFonts.HelveticaBoldOblique),
  };
  const fontOf = (s: Style) => (s.bold ? (s.italic ? fonts.boldItalic : fonts.bold) : s.italic ? fonts.italic : fonts.regular);
  doc.setTitle(`${detail.title} - ${detail.athlete.fullName}`);
  doc.setAuthor(gym.title);
  doc.setSubject(`Signed ${documentTypeLabels[detail.type].toLowerCase()}, SHA-256 ${signature.contentSha256}`);
  doc.setCreator('Spotter');
  doc.setProducer('Spotter');

  let page: PDFPage = doc.addPage(PAGE);
  let y = PAGE[1] - MARGIN;
  const newPage = () => {
    page = doc.addPage(PAGE);
    y = PAGE[1] - MARGIN;
  };
  const room = (need: number) => {
    if (y - need < MARGIN) newPage();
  };

  /** Draw runs wrapped to `width` from `x`, `size` points, advancing y; words keep their run's font. */
  const flow = (runs: Run[], x: number, width: number, size: number, color = INK) => {
    const lineHeight = size * 1.4;
    type Word = { text: string; font: PDFFont; space: boolean; br: boolean };
    const words: Word[] = [];
    for (const run of runs) {
      const font = fontOf(run);
      const parts = run.text.split(/(\n| )/);
      for (const part of parts) {
        if (part === '\n') words.push({ text: '', font, space: false, br: true });
        else if (part === ' ') {
          const last = words.at(-1);
          if (last) last.space = true;
        } else if (part) words.push({ text: pdfSafeText(part, font), font, space: false, br: false });
      }
    }
    let line: Word[] = [];
    let lineWidth = 0;
    const flush = () => {
      room(lineHeight);
      let at = x;
      for (const w of line) {
        page.drawText(w.text, { x: at, y: y - size, size, font: w.font, color });
        at += w.font.widthOfTextAtSize(w.text, size) + (w.space ? w.font.widthOfTextAtSize(' ', size) : 0);
      }
      y -= lineHeight;
      line = [];
      lineWidth = 0;
    };
    for (const w of words) {
      if (w.br) {
        flush();
        continue;
      }
      // A word longer than the line is cut where it overflows (a long hash, a URL).
      let text = w.text;
      while (w.font.widthOfTextAtSize(text, size) > width) {
        let cut = text.length - 1;
        while (cut > 1 && w.font.widthOfTextAtSize(text.slice(0, cut), size) > width) cut -= 1;
        if (line.length) flush();
        line.push({ ...w, text: text.slice(0, cut), space: false });
        flush();
        text = text.slice(cut);
      }
      const ww = w.font.widthOfTextAtSize(text, size);
      const prev = line.at(-1);
      const gap = prev?.space ? prev.font.widthOfTextAtSize(' ', size) : 0;
      if (line.length && lineWidth + gap + ww > width) flush();
      const gapNow = line.at(-1)?.space ? line.at(-1)!.font.widthOfTextAtSize(' ', size) : 0;
      lineWidth += (line.length ? gapNow : 0) + ww;
      line.push({ ...w, text });
    }
    if (line.length) flush();
  };
  const plain = (text: string, style: Partial<Style> = {}): Run[] => [{ text, bold: false, italic: false, ...style }];

  // Issue 32 (decision 041): a copy whose stored content no longer matches its recorded hash is still printed, under a
  // warning at its head, on every page and in the audit trail.
  const altered = detail.integrity.state === 'altered';
  if (altered) {
    flow(plain(`WARNING: ${detail.integrity.message}`, { bold: true }), MARGIN, WIDTH, 11, ALARM);
    y -= 8;
  }

  // Heading: the gym, the title, for whom.
  flow(plain(gym.title), MARGIN, WIDTH, 10, MUTED);
  y -= 4;
  flow(plain(detail.title, { bold: true }), MARGIN, WIDTH, 18);
  const version = detail.version ? ` - version ${detail.version}` : '';
  flow(plain(`${documentTypeLabels[detail.type]} for ${detail.athlete.fullName}${version}`), MARGIN, WIDTH, 10, MUTED);
  y -= 8;
  page.drawLine({ start: { x: MARGIN, y }, end: { x: MARGIN + WIDTH, y }, thickness: 0.5, color: MUTED });
  y -= 14;

  // The content as signed.
  const headingSize = [0, 16, 14, 13, 12, 11, 11];
  for (const block of contentBlocks(detail.content)) {
    const indent = block.depth * 16;
    if (block.kind === 'h') {
      y -= 6;
      room(40);
      flow(
        block.runs.map((r) => ({ ...r, bold: true })),
        MARGIN,
        WIDTH,
        headingSize[block.level]!,
      );
      y -= 2;
    } else if (block.kind === 'li') {
      room(16);
      const font = fonts.regular;
      const marker = pdfSafeText(block.marker, font);
      page.drawText(marker, { x: MARGIN + indent - 2, y: y - 10.5, size: 10.5, font, color: INK });
      flow(block.runs, MARGIN + indent + 14, WIDTH - indent - 14, 10.5);
      y -= 2;
    } else {
      flow(block.kind === 'quote' ? block.runs.map((r) => ({ ...r, italic: true })) : block.runs, MARGIN + indent, WIDTH - indent, 10.5);
      y -= 6;
    }
  }

  // Initials, then the signature.
  if (signature.initials.length > 0) {
    y -= 8;
    room(40);
    flow(plain('Initials', { bold: true }), MARGIN, WIDTH, 12);
    for (const i of signature.initials)
      flow(
        [
          { text: `${i.label}: `, bold: false, italic: false },
          { text: i.value, bold: true, italic: false },
        ],
        MARGIN,
        WIDTH,
        10.5,
      );
  }
  y -= 12;
  room(150);
  flow(plain('Signature', { bold: true }), MARGIN, WIDTH, 12);
  y -= 4;
  if (signature.method === 'drawn' && signature.signatureImage) {
    const png = await doc.embedPng(Buffer.from(signature.signatureImage.slice(signature.signatureImage.indexOf(',') + 1), 'base64'));
    const scale = Math.min(240 / png.width, 80 / png.height, 1);
    const w = png.width * scale;
    const h = png.height * scale;
    page.drawImage(png, { x: MARGIN, y: y - h, width: w, height: h });
    y -= h + 4;
  } else {
    flow(plain(signature.typedName ?? signature.signerName, { italic: true }), MARGIN, WIDTH, 22);
  }
  page.drawLine({ start: { x: MARGIN, y }, end: { x: MARGIN + 260, y }, thickness: 0.5, color: INK });
  y -= 4;
  const who = signature.relation === 'guardian' ? `${signature.signerName}, parent or guardian, for ${signature.athleteName}` : signature.signerName;
  flow(plain(who), MARGIN, WIDTH, 10);
  flow(plain(`Signed ${gymInstant(signature.signedAt, gym)}`), MARGIN, WIDTH, 9, MUTED);

  // The audit page.
  newPage();
  flow(plain('Audit trail', { bold: true }), MARGIN, WIDTH, 18);
  flow(plain(`${gym.title} - generated by Spotter`), MARGIN, WIDTH, 10, MUTED);
  y -= 10;
  const facts: [string, string][] = [
    ['Document', detail.title],
    ['Document ID', detail.documentId],
    ['Type', documentTypeLabels[detail.type]],
    ['Version', detail.version ? String(detail.version) : '-'],
    ['Issued', gymInstant(detail.issuedAt, gym)],
    ['Athlete', signature.athleteName],
    ['Signed by', signature.signerName],
    ['Relation', signature.relation === 'guardian' ? 'Parent or guardian of the athlete' : 'The athlete'],
    ['Signed at', gymInstant(signature.signedAt, gym)],
    ['Signed via', signature.via === 'front_desk' ? 'Front-desk device' : 'Athlete app'],
    ['Signature', signature.method === 'drawn' ? 'Drawn' : `Typed name: ${signature.typedName ?? ''}`],
    ['IP address', signature.ip ?? '-'],
    ['User agent', signature.userAgent ?? '-'],
    ['Content SHA-256', signature.contentSha256],
    [
      'Integrity',
      altered
        ? 'ALTERED: the stored content no longer matches the SHA-256 above'
        : 'Verified when this PDF was made: the stored content matches the SHA-256 above',
    ],
    ...(altered ? ([['Stored content SHA-256', detail.integrity.computedSha256 ?? '-']] as [string, string][]) : []),
  ];
  const keyWidth = 110;
  for (const [k, v] of facts) {
    room(18);
    const top = y;
    flow(plain(k, { bold: true }), MARGIN, keyWidth - 8, 10);
    const afterKey = y;
    y = top;
    flow(plain(v), MARGIN + keyWidth, WIDTH - keyWidth, 10);
    y = Math.min(y, afterKey) - 4;
  }
  y -= 10;
  flow(
    plain('The SHA-256 above is the hash of the exact content shown to the signer and stored with the signature. The signed record cannot be changed.'),
    MARGIN,
    WIDTH,
    9,
    MUTED,
  );
  if (altered) {
    for (const p of doc.getPages())
      p.drawText(pdfSafeText(ALTERED_PAGE_WARNING, fonts.bold), { x: MARGIN, y: PAGE[1] - 32, size: 8, font: fonts.bold, color: ALARM });
  }
  return doc.save();
}

/** The PDF's file name: "liability-waiver-alex-morgan.pdf". */
export function documentPdfName(detail: Pick<DocumentDetail, 'title' | 'athlete'>): string {
  const slug = `${detail.title} ${detail.athlete.fullName}`
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
  return `${slug || 'document'}.pdf`;
}
