import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseAthleteInput } from './athlete-input';
import { messages } from './validation-rules';
import { zipCodeMessages } from './regions';

// Issue 17: property tests of the phone and postcode rules for the US, the UK and Canada, through the one rule set
// (parseAthleteInput) the form, the edit and the import use.

const gym = (country: 'US' | 'GB' | 'CA') => ({ country, today: '2026-03-04' });
const base = { firstName: 'Dana', lastName: 'Lopez' };
const digits = (n: number) => fc.array(fc.integer({ min: 0, max: 9 }), { minLength: n, maxLength: n }).map((d) => d.join(''));
const oneOf = (chars: string) => fc.constantFrom(...chars.split(''));

/** A North American number: area code and exchange start 2-9. */
const nanp = fc
  .tuple(fc.integer({ min: 2, max: 9 }), digits(2), fc.integer({ min: 2, max: 9 }), digits(2), digits(4))
  .map(([a, b, c, d, e]) => ({ area: `${a}${b}`, exchange: `${c}${d}`, line: e }));
const nanpFormats = (n: { area: string; exchange: string; line: string }) => [
  `(${n.area}) ${n.exchange}-${n.line}`,
  `${n.area}.${n.exchange}.${n.line}`,
  `${n.area}${n.exchange}${n.line}`,
  `+1 ${n.area} ${n.exchange} ${n.line}`,
];

describe('athlete phone rule (parseAthleteInput) per gym country', () => {
  for (const country of ['US', 'CA'] as const) {
    it(`${country}: any North American number, however written, is stored as 1 and its ten digits`, () => {
      fc.assert(
        fc.property(nanp, fc.nat(3), (n, f) => {
          const parsed = parseAthleteInput({ ...base, phone: nanpFormats(n)[f]! }, gym(country));
          expect(parsed.ok && parsed.value.phone).toBe(`1${n.area}${n.exchange}${n.line}`);
        }),
      );
    });
  }

  it('GB: a London number, national or international, is stored as 44 and its national digits', () => {
    fc.assert(
      fc.property(digits(4), digits(4), fc.boolean(), (a, b, international) => {
        const phone = international ? `+44 20 ${a} ${b}` : `020 ${a} ${b}`;
        const parsed = parseAthleteInput({ ...base, phone, emergencyPhone: phone }, gym('GB'));
        expect(parsed.ok && [parsed.value.phone, parsed.value.emergencyPhone]).toEqual([`4420${a}${b}`, `4420${a}${b}`]);
      }),
    );
  });

  it('any country: text without digits is refused on its field, and an empty phone stays empty', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('US', 'GB', 'CA' as const),
        fc.stringMatching(/^[a-z ]{1,20}$/).filter((s) => s.trim() !== ''),
        (country, text) => {
          const parsed = parseAthleteInput({ ...base, phone: text }, gym(country));
          expect(parsed.ok ? null : parsed.fields.phone).toEqual([messages.phoneInvalid]);
          const none = parseAthleteInput({ ...base, phone: '' }, gym(country));
          expect(none.ok && none.value.phone).toBe('');
        },
      ),
    );
  });
});

const address = (country: string, zipCode: string) => ({ ...base, address: { addressLines: [], locality: '', region: '', zipCode, country } });
const zipOf = (country: 'US' | 'GB' | 'CA', zipCode: string) => parseAthleteInput(address(country, zipCode), gym(country));

describe('athlete postcode rule (parseAthleteInput) per address country', () => {
  it('US: five digits pass; four or six are refused with the ZIP message', () => {
    fc.assert(
      fc.property(digits(5), (zip) => {
        const ok = zipOf('US', zip);
        expect(ok.ok && ok.value.address.zipCode).toBe(zip);
      }),
    );
    fc.assert(
      fc.property(fc.oneof(digits(4), digits(6)), (zip) => {
        const bad = zipOf('US', zip);
        expect(bad.ok ? null : bad.fields['address.zipCode']).toEqual([zipCodeMessages.US]);
      }),
    );
  });

  const caFirst = 'ABCEGHJKLMNPRSTVXY';
  const caOther = 'ABCEGHJKLMNPRSTVWXYZ';
  it('CA: letter-digit-letter digit-letter-digit passes in any case, with or without the space, stored upper-cased', () => {
    fc.assert(
      fc.property(
        oneOf(caFirst),
        digits(1),
        oneOf(caOther),
        digits(1),
        oneOf(caOther),
        digits(1),
        fc.boolean(),
        fc.boolean(),
        (a, b, c, d, e, f, space, lower) => {
          const typed = `${a}${b}${c}${space ? ' ' : ''}${d}${e}${f}`;
          const ok = zipOf('CA', lower ? typed.toLowerCase() : typed);
          expect(ok.ok && ok.value.address.zipCode).toBe(typed);
        },
      ),
    );
  });

  it('CA: a first letter Canada does not use (D F I O Q U) is refused with the postal code message', () => {
    fc.assert(
      fc.property(oneOf('DFIOQU'), digits(1), oneOf(caOther), digits(1), oneOf(caOther), digits(1), (a, b, c, d, e, f) => {
        const bad = zipOf('CA', `${a}${b}${c} ${d}${e}${f}`);
        expect(bad.ok ? null : bad.fields['address.zipCode']).toEqual([zipCodeMessages.CA]);
      }),
    );
  });

  const gbArea = 'ABCDEFGHIJKLMNOPRSTUWYZ';
  const gbUnit = 'ABDEFGHJLNPQRSTUWXYZ';
  it('GB: outward codes A9, A99, AA9 and AA99 with an inward code 9AA pass, stored upper-cased', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('A9', 'A99', 'AA9', 'AA99'),
        oneOf('ABCDEFGHKLMNOPRSTUWYZ'.replace(/[QVX]/g, '')),
        oneOf('ABCDEFGHKLMNOPQRSTUVWXY'),
        digits(2),
        digits(1),
        oneOf(gbUnit),
        oneOf(gbUnit),
        (shape, first, second, nums, inward, u1, u2) => {
          const outward =
            shape.length === 2 || shape === 'A99' ? `${first}${nums.slice(0, shape.length - 1)}` : `${first}${second}${nums.slice(0, shape.length - 2)}`;
          const postcode = `${outward} ${inward}${u1}${u2}`;
          fc.pre(gbArea.includes(first));
          const ok = zipOf('GB', postcode.toLowerCase());
          expect(ok.ok && ok.value.address.zipCode).toBe(postcode);
        },
      ),
    );
  });

  it('GB: digits only are refused with the postcode message', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 3, max: 7 }).chain((n) => digits(n)),
        (zip) => {
          const bad = zipOf('GB', zip);
          expect(bad.ok ? null : bad.fields['address.zipCode']).toEqual([zipCodeMessages.GB]);
        },
      ),
    );
  });
});
