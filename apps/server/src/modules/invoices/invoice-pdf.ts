import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { formatDate, formatMoney, invoiceSourceLabels, invoiceStatusLabels, localeOf, paymentChannelLabel, type InvoiceDetail } from '@spotter/shared';

/**
 * Issue 19: an invoice as a PDF (pdf-lib, its standard Helvetica), in the gym's locale and currency: the country's date
 * format, Tax or VAT wording, and a note when the prices include tax (spec 9). The standard fonts encode WinAnsi only,
 * so text is first reduced to what the font can draw (curly quotes to straight ones, other characters to '?').
 */

const PAGE: [number, number] = [595.28, 841.89]; // A4
const MARGIN = 50;
const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.35, 0.35, 0.4);

const REPLACEMENTS: Record<string, string> = {
  '\u2018': "'",
  '\u2019': "'",
  '\u201C': '"',
  '\u201D': '"',
  '\u2013': '-',
  '\u2014': '-',
  '\u00B7': '-',
  '\u2026': '...',
  '\u00A0': ' ',
  '\u202F': ' ',
  '\u2009': ' ',
};

/** Text the font can draw: known look-alikes replaced, anything else it cannot encode as '?', line breaks as spaces. */
export function pdfSafeText(text: string, font: PDFFont): string {
  const supported = new Set(font.getCharacterSet());
  let out = '';
  for (const ch of text.normalize('NFC')) {
    const r = REPLACEMENTS[ch] ?? (ch === '\n' || ch === '\r' || ch === '\t' ? ' ' : ch);
    for (const c of r) out += supported.has(c.codePointAt(0)!) ? c : '?';
  }
  return out;
}

export async function renderInvoicePdf(detail: InvoiceDetail): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const country = detail.gym.country;
  const l = localeOf(country);
  const money = (m: number) => formatMoney(m, country);
  const date = (d: string | null) => (d ? formatDate(d, country) : '');
  doc.setTitle(`${detail.gym.title} ${detail.numberText}`);
  doc.setAuthor(detail.gym.title);
  doc.setCreator('Spotter');
  doc.setProducer('Spotter');

  let page: PDFPage = doc.addPage(PAGE);
  let y = PAGE[1] - MARGIN;
  const width = PAGE[0] - 2 * MARGIN;

  const newPageIfNeeded = (need: number) => {
    if (y - need < MARGIN) {
      page = doc.addPage(PAGE);
      y = PAGE[1] - MARGIN;
    }
  };
  const text = (s: string, x: number, o: { size?: number; f?: PDFFont; color?: ReturnType<typeof rgb>; alignRight?: boolean; maxWidth?: number } = {}) => {
    const size = o.size ?? 10;
    const f = o.f ?? font;
    let safe = pdfSafeText(s, f);
    if (o.maxWidth && f.widthOfTextAtSize(safe, size) > o.maxWidth) {
      while (safe.length > 1 && f.widthOfTextAtSize(`${safe}...`, size) > o.maxWidth) safe = safe.slice(0, -1);
      safe = `${safe}...`;
    }
    const at = o.alignRight ? x - f.widthOfTextAtSize(safe, size) : x;
    page.drawText(safe, { x: at, y, size, font: f, color: o.color ?? INK });
  };

  // Heading: the gym, the invoice number and state.
  text(detail.gym.title, MARGIN, { size: 18, f: bold, maxWidth: width - 180 });
  text('Invoice', MARGIN + width, { size: 18, f: bold, alignRight: true });
  y -= 20;
  text(detail.numberText, MARGIN + width, { size: 11, alignRight: true });
  y -= 14;
  text(invoiceStatusLabels[detail.status], MARGIN + width, { size: 10, color: MUTED, alignRight: true });
  y -= 30;

  const billedTo = detail.athlete?.fullName ?? detail.guestName ?? '';
  const facts: [string, string][] = [
    ['Billed to', billedTo],
    ['Issued', date(detail.issueDate)],
    ['Due', date(detail.dueDate)],
    ['For', invoiceSourceLabels[detail.source]],
  ];
  if (detail.periodStart && detail.periodEnd) facts.push(['Period', `${date(detail.periodStart)} - ${date(detail.periodEnd)}`]);
  for (const [k, v] of facts) {
    text(k, MARGIN, { f: bold });
    text(v, MARGIN + 90, { maxWidth: width - 90 });
    y -= 15;
  }
  y -= 15;

  // Lines: description, price, quantity, tax rate, amount.
  const cols = { desc: MARGIN, price: MARGIN + 300, qty: MARGIN + 350, tax: MARGIN + 420, total: MARGIN + width };
  const header = () => {
    text('Description', cols.desc, { f: bold });
    text('Price', cols.price, { f: bold, alignRight: true });
    text('Qty', cols.qty, { f: bold, alignRight: true });
    text(`${l.taxLabel} rate`, cols.tax, { f: bold, alignRight: true });
    text('Amount', cols.total, { f: bold, alignRight: true });
    y -= 6;
    page.drawLine({ start: { x: MARGIN, y }, end: { x: MARGIN + width, y }, thickness: 0.5, color: MUTED });
    y -= 14;
  };
  header();
  for (const line of detail.lines) {
    newPageIfNeeded(20);
    text(line.description, cols.desc, { maxWidth: 230 });
    text(money(line.itemPriceMinor), cols.price, { alignRight: true });
    text(String(line.quantity), cols.qty, { alignRight: true });
    text(line.taxRateValue === null ? '-' : `${line.taxRateValue}%`, cols.tax, { alignRight: true });
    text(money(detail.isTaxInclusive ? line.totalMinor : line.netMinor), cols.total, { alignRight: true });
    y -= 16;
  }
  y -= 4;
  page.drawLine({ start: { x: MARGIN + 250, y }, end: { x: MARGIN + width, y }, thickness: 0.5, color: MUTED });
  y -= 16;

  // Totals in the country's words (spec 9).
  const paid = detail.paidMinor;
  const totals: [string, string, boolean][] = detail.isTaxInclusive
    ? [
        ['Total', money(detail.totalMinor), true],
        [`includes ${l.taxLabel}`, money(detail.taxMinor), false],
      ]
    : [
        [l.amountLabel === 'Total' ? `Before ${l.taxLabel}` : 'Pre-tax', money(detail.netMinor), false],
        [l.taxLabel, money(detail.taxMinor), false],
        ['Total', money(detail.totalMinor), true],
      ];
  totals.push(['Paid', money(paid), false], ['Balance due', money(detail.balanceMinor), true]);
  for (const [k, v, strong] of totals) {
    newPageIfNeeded(16);
    text(k, cols.tax, { f: strong ? bold : font, alignRight: true });
    text(v, cols.total, { f: strong ? bold : font, alignRight: true });
    y -= 16;
  }
  if (detail.isTaxInclusive) {
    y -= 4;
    text(`Prices include ${l.taxLabel === 'VAT' ? 'VAT' : 'tax'}.`, MARGIN, { size: 9, color: MUTED });
    y -= 14;
  }

  // Payments and refunds.
  const moves = detail.payments.filter((p) => p.status === 'succeeded');
  if (moves.length > 0) {
    y -= 16;
    newPageIfNeeded(40);
    text('Payments', MARGIN, { f: bold, size: 12 });
    y -= 18;
    for (const p of moves) {
      newPageIfNeeded(16);
      const when = date(p.createdAt.slice(0, 10));
      const what = `${p.kind === 'refund' ? 'Refund' : 'Payment'} - ${p.methodLabel ?? paymentChannelLabel(p.channel, country)}${p.reason ? ` (${p.reason})` : ''}`;
      text(when, MARGIN);
      text(what, MARGIN + 90, { maxWidth: width - 200 });
      text(`${p.kind === 'refund' ? '-' : ''}${money(p.amountMinor)}`, cols.total, { alignRight: true });
      y -= 15;
    }
  }
  if (detail.status === 'void') {
    y -= 16;
    newPageIfNeeded(20);
    text(`This invoice is void${detail.voidReason ? `: ${detail.voidReason}` : '.'}`, MARGIN, { f: bold, maxWidth: width });
  }
  if (detail.note) {
    y -= 20;
    newPageIfNeeded(20);
    text(detail.note, MARGIN, { color: MUTED, maxWidth: width });
  }
  return doc.save();
}

/** The PDF's file name: "invoice-INV-000042.pdf". */
export const invoicePdfName = (detail: Pick<InvoiceDetail, 'numberText'>) => `invoice-${detail.numberText.replace(/[^A-Za-z0-9-]+/g, '-')}.pdf`;
