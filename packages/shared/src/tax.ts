/**
 * Spec 9 tax rules on integer minor units (cents, pence), rounding half away from zero to the minor unit.
 * A rate is a percent (8.25 means 8.25 %) with at most 4 decimals.
 */

const SCALE = 1_000_000n; // 100 % = 1,000,000 parts

function rateParts(percent: number): bigint {
  if (!Number.isFinite(percent) || percent < 0) throw new RangeError(`Invalid tax rate: ${percent}`);
  return BigInt(Math.round(percent * 10_000));
}

/**
 * Round a / b (b > 0) half away from zero, in integers: a line's price times the scale passes 2^53 (decision 040),
 * where floating point would round the quotient wrongly.
 */
function divRound(a: bigint, b: bigint): bigint {
  const rounded = (((a < 0n ? -a : a) * 2n) / b + 1n) / 2n;
  return a < 0n ? -rounded : rounded;
}

export type TaxBreakdown = {
  /** The amount before tax ('Pre-tax' in the US and Canada). */
  net: number;
  tax: number;
  /** What the member pays. */
  total: number;
};

/**
 * Tax on a price. Tax-inclusive (UK gyms): the total is the price and the tax is price - price / (1 + rate).
 * Otherwise the tax is price x rate, added on top.
 */
export function taxOf(priceMinor: number, percent: number, isTaxInclusive: boolean): TaxBreakdown {
  if (!Number.isSafeInteger(priceMinor)) throw new RangeError('Prices are integer minor units.');
  const parts = rateParts(percent);
  const price = BigInt(priceMinor);
  if (isTaxInclusive) {
    const net = Number(divRound(price * SCALE, SCALE + parts));
    return { net, tax: priceMinor - net, total: priceMinor };
  }
  const tax = Number(divRound(price * parts, SCALE));
  return { net: priceMinor, tax, total: priceMinor + tax };
}

export type InvoiceLine = { itemPrice: number; quantity: number; taxRateValue: number | null };

/** Spec 9: invoice totals sum itemPrice x quantity, each line taxed at its taxRateValue percent. */
export function invoiceTotals(lines: readonly InvoiceLine[], isTaxInclusive: boolean): TaxBreakdown {
  return lines.reduce<TaxBreakdown>(
    (sum, line) => {
      const t = taxOf(line.itemPrice * line.quantity, line.taxRateValue ?? 0, isTaxInclusive);
      return { net: sum.net + t.net, tax: sum.tax + t.tax, total: sum.total + t.total };
    },
    { net: 0, tax: 0, total: 0 },
  );
}

/** A decimal amount as typed in a form ("15", "15.5", "15.50") in minor units; null when it is not one. */
export function parseMoney(text: string): number | null {
  const m = /^\s*(\d{1,9})(?:\.(\d{1,2}))?\s*$/.exec(text);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** Minor units as a decimal string with 2 places ("15.00"), the API's money format. */
export function minorToDecimal(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
