import type { GymCountry } from '../roles';
import { genders, regionsOf, ukCounties, usStates, type Gender } from '../regions';
import type { AthleteInput } from '../api/athletes';

/**
 * Issue 17: the columns of another gym software's member export, mapped to the athlete's fields (decision 031).
 * Pure text work: the athlete rules themselves (phone, email, zip, names) stay in parseAthleteInput.
 */
export const importFields = [
  'firstName',
  'lastName',
  'fullName',
  'email',
  'phone',
  'dob',
  'gender',
  'addressLine1',
  'addressLine2',
  'city',
  'region',
  'zipCode',
  'country',
  'emergencyName',
  'emergencyPhone',
  'medicalNotes',
  'tags',
] as const;
export type ImportField = (typeof importFields)[number];

export const importFieldLabels: Record<ImportField, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  fullName: 'Full name (split into first and last)',
  email: 'Email',
  phone: 'Phone',
  dob: 'Date of birth',
  gender: 'Gender',
  addressLine1: 'Address line 1',
  addressLine2: 'Address line 2',
  city: 'City',
  region: 'State / province / county',
  zipCode: 'Zip / postcode',
  country: 'Country',
  emergencyName: 'Emergency contact name',
  emergencyPhone: 'Emergency contact phone',
  medicalNotes: 'Medical notes',
  tags: 'Tags',
};

/** Day-month order of slashed dates: the gym's country decides (spec 9: US and Canada MM/DD/YYYY, UK DD/MM/YYYY). */
export const dateOrders = ['MDY', 'DMY'] as const;
export type DateOrder = (typeof dateOrders)[number];
export const dateOrderOf = (country: GymCountry): DateOrder => (country === 'GB' ? 'DMY' : 'MDY');

/** Where each column goes, by its position in the header row (`null`: ignored), and how its dates read. */
export type ImportMapping = { columns: (ImportField | null)[]; dateOrder: DateOrder };

/** A header as compared: lower case, letters and digits only ("E-mail Address" → "emailaddress"). */
export const normalizeHeader = (header: string) =>
  header
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

/**
 * Header aliases per field, best first (a file with "Mobile Phone" and "Home Phone" maps the mobile one). Sources:
 * Mindbody's client export and client fields (FirstName, MobilePhone, AddressLine1, PostalCode, BirthDate,
 * EmergencyContactInfoName…), Wodify's client import/export template (First Name, Date of Birth, Gender, State,
 * Province, Country), PushPress's member export (first_name, phone, birthday, address fields; assumed, see decision
 * 031) and generic spreadsheets.
 */
export const importHeaderAliases: Record<ImportField, readonly string[]> = {
  firstName: ['firstname', 'first', 'givenname', 'forename', 'clientfirstname', 'memberfirstname', 'athletefirstname', 'fname'],
  lastName: ['lastname', 'last', 'surname', 'familyname', 'clientlastname', 'memberlastname', 'athletelastname', 'lname'],
  fullName: ['fullname', 'name', 'clientname', 'membername', 'athletename', 'customername', 'contactname', 'client', 'member', 'athlete'],
  email: ['email', 'emailaddress', 'clientemail', 'memberemail', 'athleteemail', 'primaryemail', 'mail', 'username', 'emailusername'],
  phone: [
    'mobilephone',
    'cellphone',
    'mobile',
    'cell',
    'mobilenumber',
    'cellnumber',
    'phone',
    'phonenumber',
    'primaryphone',
    'telephone',
    'tel',
    'contactnumber',
    'homephone',
    'workphone',
  ],
  dob: ['dateofbirth', 'birthdate', 'birthday', 'dob', 'birthdateday', 'bday', 'born'],
  gender: ['gender', 'sex', 'genderidentity'],
  addressLine1: ['addressline1', 'address1', 'address', 'streetaddress', 'street', 'addressstreet', 'homeaddress', 'mailingaddress', 'line1'],
  addressLine2: ['addressline2', 'address2', 'apt', 'suite', 'unit', 'line2', 'aptsuite'],
  city: ['city', 'town', 'locality', 'towncity', 'citytown'],
  region: ['state', 'province', 'county', 'region', 'stateprovince', 'provincestate', 'stateregion', 'stateprovinceregion', 'statecode', 'provincecode'],
  zipCode: ['zip', 'zipcode', 'postalcode', 'postcode', 'zippostalcode', 'postalzipcode', 'zippostcode', 'postal'],
  country: ['country', 'countrycode', 'nation'],
  emergencyName: [
    'emergencycontactname',
    'emergencycontactinfoname',
    'emergencyname',
    'emergencycontact',
    'emergencycontactfullname',
    'icename',
    'incaseofemergencyname',
  ],
  emergencyPhone: [
    'emergencycontactphone',
    'emergencycontactinfophone',
    'emergencyphone',
    'emergencycontactnumber',
    'emergencynumber',
    'emergencycontactphonenumber',
    'icephone',
  ],
  medicalNotes: [
    'medicalnotes',
    'medical',
    'medicalconditions',
    'medicalinfo',
    'medicalinformation',
    'injuries',
    'healthnotes',
    'allergies',
    'healthconditions',
  ],
  tags: ['tags', 'tag', 'labels', 'groups', 'segments', 'clienttags', 'membertags'],
};

/**
 * The automatic guess: each header compared without case, spaces or punctuation against the aliases; a field goes to
 * the header with its best alias (first in the file on a tie); "Full name" only when first and last are not both there.
 */
export function guessMapping(headers: readonly string[], country: GymCountry): ImportMapping {
  const normalized = headers.map(normalizeHeader);
  const columns: (ImportField | null)[] = headers.map(() => null);
  for (const field of importFields) {
    let best: { index: number; rank: number } | null = null;
    normalized.forEach((h, index) => {
      if (columns[index] !== null) return;
      const rank = importHeaderAliases[field].indexOf(h);
      if (rank >= 0 && (best === null || rank < best.rank)) best = { index, rank };
    });
    if (best !== null) columns[(best as { index: number }).index] = field;
  }
  const has = (f: ImportField) => columns.includes(f);
  if (has('fullName') && has('firstName') && has('lastName')) columns[columns.indexOf('fullName')] = null;
  return { columns, dateOrder: dateOrderOf(country) };
}

/** Why a mapping cannot be used, or null: every field at most once; names from first and last, or from a full name. */
export function mappingProblem(mapping: ImportMapping, headerCount: number): string | null {
  if (mapping.columns.length !== headerCount) return 'The mapping does not match the file’s columns.';
  const used = mapping.columns.filter((c): c is ImportField => c !== null);
  const twice = used.find((f, i) => used.indexOf(f) !== i);
  if (twice) return `${importFieldLabels[twice]} is mapped to more than one column.`;
  const hasNames = (used.includes('firstName') && used.includes('lastName')) || used.includes('fullName');
  if (!hasNames) return 'Map the first and last name columns, or a full name column.';
  return null;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

function isoOf(y: number, m: number, d: number): string | null {
  if (m < 1 || m > 12 || d < 1 || d > 31 || y < 1000) return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** A two-digit year of a birthday: the latest year ending so that is not after this year ("05" in 2026 is 2005, "40" is 1940). */
function fullYear(text: string, thisYear: number): number {
  const y = Number(text);
  if (text.length !== 2) return y;
  const century = Math.floor(thisYear / 100) * 100;
  return century + y > thisYear ? century - 100 + y : century + y;
}

/**
 * A date as exports write it, to YYYY-MM-DD: ISO (with a time after it too), YYYY/MM/DD, slashed, dashed or dotted
 * day-month-year in the given order (two-digit years allowed), "Jan 5, 1990", "5 January 1990". '' for an empty cell,
 * null for text that is not a date.
 */
export function parseImportDate(text: string, order: DateOrder, thisYear: number): string | null | '' {
  const t = text.trim();
  if (t === '') return '';
  let m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[T ].*)?$/.exec(t);
  if (m) return isoOf(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{2}|\d{4})(?: .*)?$/.exec(t);
  if (m) {
    const [a, b] = [Number(m[1]), Number(m[2])];
    const year = fullYear(m[3]!, thisYear);
    return order === 'MDY' ? isoOf(year, a, b) : isoOf(year, b, a);
  }
  m = /^([a-z]{3,9})\.? (\d{1,2})(?:st|nd|rd|th)?,? (\d{4})$/i.exec(t);
  if (m) {
    const month = MONTHS.indexOf(m[1]!.slice(0, 3).toLowerCase()) + 1;
    return month ? isoOf(Number(m[3]), month, Number(m[2])) : null;
  }
  m = /^(\d{1,2})(?:st|nd|rd|th)?[ -]([a-z]{3,9})\.?[ -](\d{4})$/i.exec(t);
  if (m) {
    const month = MONTHS.indexOf(m[2]!.slice(0, 3).toLowerCase()) + 1;
    return month ? isoOf(Number(m[3]), month, Number(m[1])) : null;
  }
  return null;
}

/**
 * The day-month order a file's dates show, when they show one: a first number above 12 (25/12/1990) can only be a
 * day, a second above 12 only a day too. Ambiguous or mixed files keep the gym's country's order.
 */
export function detectDateOrder(values: readonly string[], country: GymCountry): DateOrder {
  let dayFirst = false;
  let monthFirst = false;
  for (const v of values) {
    const m = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{2}|\d{4})/.exec(v.trim());
    if (!m) continue;
    if (Number(m[1]) > 12) dayFirst = true;
    if (Number(m[2]) > 12) monthFirst = true;
  }
  if (dayFirst !== monthFirst) return dayFirst ? 'DMY' : 'MDY';
  return dateOrderOf(country);
}

const GENDER_SYNONYMS: Record<string, Gender> = {
  m: 'Male',
  male: 'Male',
  man: 'Male',
  boy: 'Male',
  masculine: 'Male',
  f: 'Female',
  female: 'Female',
  woman: 'Female',
  girl: 'Female',
  feminine: 'Female',
  transgender: 'Transgender',
  trans: 'Transgender',
  transman: 'Transgender',
  transwoman: 'Transgender',
  nonbinary: 'Non-binary/Non-conforming',
  nonbinarynonconforming: 'Non-binary/Non-conforming',
  nb: 'Non-binary/Non-conforming',
  enby: 'Non-binary/Non-conforming',
  nonconforming: 'Non-binary/Non-conforming',
  gendernonconforming: 'Non-binary/Non-conforming',
  genderqueer: 'Non-binary/Non-conforming',
  x: 'Non-binary/Non-conforming',
  other: 'Non-binary/Non-conforming',
  prefernottorespond: 'Prefer not to respond',
  prefernottosay: 'Prefer not to respond',
  prefernottoanswer: 'Prefer not to respond',
  declined: 'Prefer not to respond',
  declinetoanswer: 'Prefer not to respond',
  notspecified: 'Prefer not to respond',
  unspecified: 'Prefer not to respond',
  unknown: 'Prefer not to respond',
  na: 'Prefer not to respond',
  u: 'Prefer not to respond',
  none: 'Prefer not to respond',
};

/** A gender cell to spec 3's enumeration: '' when empty, null when unknown. */
export function parseImportGender(text: string): Gender | null | '' {
  const key = normalizeHeader(text);
  if (key === '') return '';
  const exact = genders.find((g) => normalizeHeader(g) === key);
  return exact ?? GENDER_SYNONYMS[key] ?? null;
}

const COUNTRY_SYNONYMS: Record<string, GymCountry> = {
  us: 'US',
  usa: 'US',
  unitedstates: 'US',
  unitedstatesofamerica: 'US',
  america: 'US',
  theunitedstates: 'US',
  gb: 'GB',
  uk: 'GB',
  gbr: 'GB',
  unitedkingdom: 'GB',
  greatbritain: 'GB',
  britain: 'GB',
  england: 'GB',
  scotland: 'GB',
  wales: 'GB',
  northernireland: 'GB',
  unitedkingdomofgreatbritainandnorthernireland: 'GB',
  theunitedkingdom: 'GB',
  ca: 'CA',
  can: 'CA',
  canada: 'CA',
};

/** A country cell to GB, US or CA: '' when empty, null for any other country (spec 3 knows only these three). */
export function parseImportCountry(text: string): GymCountry | null | '' {
  const key = normalizeHeader(text);
  if (key === '') return '';
  return COUNTRY_SYNONYMS[key] ?? null;
}

const US_CODES: Record<string, string> = Object.fromEntries(
  'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY'
    .split(' ')
    .map((code, i) => [code.toLowerCase(), usStates[i]!]),
);
const CA_CODES: Record<string, string> = {
  ab: 'Alberta',
  bc: 'British Columbia',
  mb: 'Manitoba',
  nb: 'New Brunswick',
  nl: 'Newfoundland and Labrador',
  nf: 'Newfoundland and Labrador',
  newfoundland: 'Newfoundland and Labrador',
  nt: 'Northwest Territories',
  nwt: 'Northwest Territories',
  ns: 'Nova Scotia',
  nu: 'Nunavut',
  on: 'Ontario',
  ont: 'Ontario',
  pe: 'Prince Edward Island',
  pei: 'Prince Edward Island',
  qc: 'Quebec',
  pq: 'Quebec',
  que: 'Quebec',
  sk: 'Saskatchewan',
  sask: 'Saskatchewan',
  yt: 'Yukon',
  yukonterritory: 'Yukon',
};
const GB_ALIASES: Record<string, string> = {
  london: 'Greater London',
  manchester: 'Greater Manchester',
  durham: 'County Durham',
  codurham: 'County Durham',
  eastyorkshire: 'East Riding of Yorkshire',
  middlesex: 'Greater London',
  anglesey: 'Gwynedd',
  orkneyislands: 'Orkney',
  shetlandislands: 'Shetland',
  nahebrideansiar: 'Western Isles',
  derry: 'Londonderry',
};

/**
 * A region cell to the name regions.ts gives it for the country: a name in any case or spacing ("new york",
 * "Québec"), a US state or Canadian province code ("TX", "ON"), a UK county with "County"/"Co." before it or
 * "shire" spelled out. '' when empty, null when the country has no such region.
 */
export function parseImportRegion(text: string, country: GymCountry): string | null | '' {
  const key = normalizeHeader(text);
  if (key === '') return '';
  const byName = regionsOf(country).find((r) => normalizeHeader(r) === key);
  if (byName) return byName;
  if (country === 'US') return US_CODES[key] ?? null;
  if (country === 'CA') return CA_CODES[key] ?? null;
  const bare = key.replace(/^(county|co)/, '');
  return ukCounties.find((r) => normalizeHeader(r) === bare) ?? GB_ALIASES[key] ?? GB_ALIASES[bare] ?? null;
}

/** A full name split where exports write it: "Last, First" or "First Middle Last" (the last word is the last name). */
export function splitFullName(text: string): { firstName: string; lastName: string } {
  const t = text.trim().replace(/\s+/g, ' ');
  const comma = t.indexOf(',');
  if (comma > 0) return { lastName: t.slice(0, comma).trim(), firstName: t.slice(comma + 1).trim() };
  const space = t.lastIndexOf(' ');
  if (space < 0) return { firstName: t, lastName: '' };
  return { firstName: t.slice(0, space), lastName: t.slice(space + 1) };
}

/** Tags of a cell: separated by commas, semicolons or pipes, trimmed, without repeats (case-insensitive). */
export function splitTags(text: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of text.split(/[,;|]/)) {
    const tag = raw.trim().slice(0, 50);
    if (tag && !seen.has(tag.toLowerCase())) {
      seen.add(tag.toLowerCase());
      out.push(tag);
    }
  }
  return out;
}

export type MappedImportRow = {
  /** What the athlete form would send (parseAthleteInput applies the rules). */
  input: AthleteInput;
  tags: string[];
  /** Problems found while reading the cells (a date that is not one, an unknown gender or region), by field. */
  errors: Record<string, string[]>;
};

/**
 * One row of the file to the athlete input: cells taken by the mapping, names split, date, gender, country and
 * region read. The address's country is the row's own, else the gym's when any address field is filled. US ZIP+4
 * codes keep their first five digits.
 */
export function mapImportRow(cells: readonly string[], mapping: ImportMapping, gym: { country: GymCountry; thisYear: number }): MappedImportRow {
  const value: Partial<Record<ImportField, string>> = {};
  mapping.columns.forEach((field, i) => {
    if (field) value[field] = (cells[i] ?? '').trim();
  });
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);

  let firstName = value.firstName ?? '';
  let lastName = value.lastName ?? '';
  if (value.fullName && (!firstName || !lastName)) {
    const split = splitFullName(value.fullName);
    firstName ||= split.firstName;
    lastName ||= split.lastName;
  }

  const dobText = value.dob ?? '';
  const dob = parseImportDate(dobText, mapping.dateOrder, gym.thisYear);
  if (dob === null) add('dob', `“${dobText}” is not a date (expected ${mapping.dateOrder === 'MDY' ? 'MM/DD/YYYY' : 'DD/MM/YYYY'} or YYYY-MM-DD).`);

  const genderText = value.gender ?? '';
  const gender = parseImportGender(genderText);
  if (gender === null) add('gender', `“${genderText}” is not one of: ${genders.join(', ')}.`);

  const countryText = value.country ?? '';
  const rowCountry = parseImportCountry(countryText);
  if (rowCountry === null) add('address.country', `“${countryText}” is not a supported country (United States, United Kingdom or Canada).`);
  const hasAddress = [value.addressLine1, value.addressLine2, value.city, value.region, value.zipCode].some((v) => !!v);
  const country = rowCountry || (hasAddress ? gym.country : '');

  const regionText = value.region ?? '';
  let region = '';
  if (regionText && country) {
    const parsed = parseImportRegion(regionText, country);
    if (parsed === null)
      add(
        'address.region',
        `“${regionText}” is not a ${country === 'US' ? 'state' : country === 'CA' ? 'province or territory' : 'county'} of ${country === 'GB' ? 'the United Kingdom' : country === 'US' ? 'the United States' : 'Canada'}.`,
      );
    else region = parsed;
  }
  let zipCode = value.zipCode ?? '';
  if (country === 'US' && /^\d{5}-\d{4}$/.test(zipCode)) zipCode = zipCode.slice(0, 5);

  return {
    input: {
      firstName,
      lastName,
      email: value.email ?? '',
      phone: value.phone ?? '',
      dob: dob || null,
      gender: gender || null,
      address: {
        addressLines: [value.addressLine1 ?? '', value.addressLine2 ?? ''].filter((l) => l !== ''),
        locality: value.city ?? '',
        region,
        zipCode,
        country,
      },
      emergencyName: value.emergencyName ?? '',
      emergencyPhone: value.emergencyPhone ?? '',
      medicalNotes: value.medicalNotes ?? '',
    },
    tags: splitTags(value.tags ?? ''),
    errors,
  };
}

/** The label of an error's field ("address.zipCode" → "Zip / postcode") for messages like "Zip / postcode: …". */
export function importErrorLabel(field: string): string {
  const byField: Record<string, string> = {
    firstName: importFieldLabels.firstName,
    lastName: importFieldLabels.lastName,
    email: importFieldLabels.email,
    phone: importFieldLabels.phone,
    dob: importFieldLabels.dob,
    gender: importFieldLabels.gender,
    'address.addressLines': 'Address',
    'address.locality': importFieldLabels.city,
    'address.region': importFieldLabels.region,
    'address.zipCode': importFieldLabels.zipCode,
    'address.country': importFieldLabels.country,
    emergencyName: importFieldLabels.emergencyName,
    emergencyPhone: importFieldLabels.emergencyPhone,
    medicalNotes: importFieldLabels.medicalNotes,
  };
  return byField[field] ?? byField[field.replace(/\.\d+$/, '')] ?? field;
}
