import { describe, expect, it } from 'vitest';
import {
  detectDateOrder,
  guessMapping,
  mapImportRow,
  mappingProblem,
  normalizeHeader,
  parseImportCountry,
  parseImportDate,
  parseImportGender,
  parseImportRegion,
  splitFullName,
  splitTags,
} from './athlete-columns';

/** Header rows as the three products export them (decision 031 says which are documented and which assumed). */
const MINDBODY = [
  'Client ID',
  'Last Name',
  'First Name',
  'Email',
  'Mobile Phone',
  'Home Phone',
  'Work Phone',
  'Address Line 1',
  'Address Line 2',
  'City',
  'State',
  'Postal Code',
  'Country',
  'Birth Date',
  'Gender',
  'Emergency Contact Info Name',
  'Emergency Contact Info Phone',
  'Emergency Contact Info Relationship',
  'Notes',
];
const PUSHPRESS = [
  'first_name',
  'last_name',
  'email',
  'phone',
  'birthday',
  'gender',
  'address_1',
  'address_2',
  'city',
  'state',
  'postal_code',
  'country',
  'emergency_contact_name',
  'emergency_contact_phone',
  'status',
  'plan',
];
const WODIFY = [
  'First Name',
  'Last Name',
  'Email',
  'Gender',
  'Date of Birth',
  'Client Status',
  'Default Program',
  'Default Location',
  'Phone',
  'Address',
  'City',
  'State',
  'Province',
  'Zip Code',
  'Country',
  'Is Dependent',
  'Group',
];

const fieldsOf = (headers: string[], country: 'US' | 'GB' | 'CA' = 'US') => {
  const { columns } = guessMapping(headers, country);
  return Object.fromEntries(headers.map((h, i) => [h, columns[i]]));
};

describe('guessMapping', () => {
  it("maps Mindbody's client export, the mobile phone before home and work", () => {
    expect(fieldsOf(MINDBODY)).toEqual({
      'Client ID': null,
      'Last Name': 'lastName',
      'First Name': 'firstName',
      Email: 'email',
      'Mobile Phone': 'phone',
      'Home Phone': null,
      'Work Phone': null,
      'Address Line 1': 'addressLine1',
      'Address Line 2': 'addressLine2',
      City: 'city',
      State: 'region',
      'Postal Code': 'zipCode',
      Country: 'country',
      'Birth Date': 'dob',
      Gender: 'gender',
      'Emergency Contact Info Name': 'emergencyName',
      'Emergency Contact Info Phone': 'emergencyPhone',
      'Emergency Contact Info Relationship': null,
      Notes: null,
    });
  });

  it("maps PushPress's snake_case member export", () => {
    expect(fieldsOf(PUSHPRESS)).toMatchObject({
      first_name: 'firstName',
      last_name: 'lastName',
      email: 'email',
      phone: 'phone',
      birthday: 'dob',
      gender: 'gender',
      address_1: 'addressLine1',
      address_2: 'addressLine2',
      city: 'city',
      state: 'region',
      postal_code: 'zipCode',
      country: 'country',
      emergency_contact_name: 'emergencyName',
      emergency_contact_phone: 'emergencyPhone',
      status: null,
      plan: null,
    });
  });

  it("maps Wodify's client template; State wins the region over Province, once", () => {
    const fields = fieldsOf(WODIFY);
    expect(fields).toMatchObject({
      'First Name': 'firstName',
      'Last Name': 'lastName',
      Email: 'email',
      Gender: 'gender',
      'Date of Birth': 'dob',
      Phone: 'phone',
      Address: 'addressLine1',
      City: 'city',
      State: 'region',
      Province: null,
      'Zip Code': 'zipCode',
      Country: 'country',
      'Client Status': null,
      Group: null,
    });
  });

  it('ignores case, spaces and punctuation, maps a lone Name to the full name, and uses the country for dates', () => {
    expect(normalizeHeader(' E-Mail  Address ')).toBe('emailaddress');
    expect(guessMapping(['NAME', 'E-mail', 'D.O.B.', 'Post code', 'Tel.'], 'GB')).toEqual({
      columns: ['fullName', 'email', 'dob', 'zipCode', 'phone'],
      dateOrder: 'DMY',
    });
    expect(guessMapping(['Name', 'First name', 'Last name'], 'CA')).toEqual({ columns: [null, 'firstName', 'lastName'], dateOrder: 'MDY' });
  });

  it('refuses a mapping without names or with a field twice', () => {
    expect(mappingProblem({ columns: ['email'], dateOrder: 'MDY' }, 1)).toBe('Map the first and last name columns, or a full name column.');
    expect(mappingProblem({ columns: ['fullName', 'email', 'email'], dateOrder: 'MDY' }, 3)).toBe('Email is mapped to more than one column.');
    expect(mappingProblem({ columns: ['fullName'], dateOrder: 'MDY' }, 2)).toBe('The mapping does not match the file’s columns.');
    expect(mappingProblem({ columns: ['firstName', 'lastName', null], dateOrder: 'MDY' }, 3)).toBeNull();
  });
});

describe('parseImportDate', () => {
  it.each([
    ['1990-03-15', 'MDY', '1990-03-15'],
    ['1990-03-15T00:00:00Z', 'DMY', '1990-03-15'],
    ['1990/3/5', 'DMY', '1990-03-05'],
    ['03/15/1990', 'MDY', '1990-03-15'],
    ['15/03/1990', 'DMY', '1990-03-15'],
    ['05/03/1990', 'MDY', '1990-05-03'],
    ['05/03/1990', 'DMY', '1990-03-05'],
    ['5.3.1990', 'DMY', '1990-03-05'],
    ['3/15/90', 'MDY', '1990-03-15'],
    ['3/15/05', 'MDY', '2005-03-15'],
    ['03/15/1990 00:00', 'MDY', '1990-03-15'],
    ['Mar 15, 1990', 'DMY', '1990-03-15'],
    ['15 March 1990', 'MDY', '1990-03-15'],
    ['29-Feb-2000', 'MDY', '2000-02-29'],
    ['', 'MDY', ''],
    ['15/03/1990', 'MDY', null],
    ['02/30/1990', 'MDY', null],
    ['yesterday', 'MDY', null],
  ] as const)('%s read %s is %s', (text, order, expected) => {
    expect(parseImportDate(text, order, 2026)).toBe(expected);
  });

  it('detects a day-first file, else keeps the country order', () => {
    expect(detectDateOrder(['01/02/1990', '25/12/1985'], 'US')).toBe('DMY');
    expect(detectDateOrder(['01/02/1990', '12/25/1985'], 'GB')).toBe('MDY');
    expect(detectDateOrder(['01/02/1990', '1990-01-01', ''], 'GB')).toBe('DMY');
    expect(detectDateOrder(['01/02/1990'], 'CA')).toBe('MDY');
  });
});

describe('cells to the spec enumerations', () => {
  it('reads genders', () => {
    expect(['M', 'male', 'F', 'Woman', 'Non-binary', 'nb', 'Trans', 'Prefer not to say', 'Unknown', '', 'Robot'].map(parseImportGender)).toEqual([
      'Male',
      'Male',
      'Female',
      'Female',
      'Non-binary/Non-conforming',
      'Non-binary/Non-conforming',
      'Transgender',
      'Prefer not to respond',
      'Prefer not to respond',
      '',
      null,
    ]);
  });

  it('reads countries', () => {
    expect(['US', 'usa', 'United States of America', 'UK', 'Great Britain', 'England', 'gb', 'Canada', 'CAN', '', 'France'].map(parseImportCountry)).toEqual([
      'US',
      'US',
      'US',
      'GB',
      'GB',
      'GB',
      'GB',
      'CA',
      'CA',
      '',
      null,
    ]);
  });

  it('reads regions by name or code', () => {
    expect(parseImportRegion('IL', 'US')).toBe('Illinois');
    expect(parseImportRegion('new york', 'US')).toBe('New York');
    expect(parseImportRegion('dc', 'US')).toBe('District of Columbia');
    expect(parseImportRegion('ON', 'CA')).toBe('Ontario');
    expect(parseImportRegion('Québec', 'CA')).toBe('Quebec');
    expect(parseImportRegion('PEI', 'CA')).toBe('Prince Edward Island');
    expect(parseImportRegion('County Antrim', 'GB')).toBe('Antrim');
    expect(parseImportRegion('Co. Durham', 'GB')).toBe('County Durham');
    expect(parseImportRegion('London', 'GB')).toBe('Greater London');
    expect(parseImportRegion('west yorkshire', 'GB')).toBe('West Yorkshire');
    expect(parseImportRegion('Ontario', 'US')).toBeNull();
    expect(parseImportRegion('', 'US')).toBe('');
  });

  it('splits names and tags', () => {
    expect(splitFullName('Doe, Jane')).toEqual({ firstName: 'Jane', lastName: 'Doe' });
    expect(splitFullName('  Mary  Ann   Smith ')).toEqual({ firstName: 'Mary Ann', lastName: 'Smith' });
    expect(splitFullName('Cher')).toEqual({ firstName: 'Cher', lastName: '' });
    expect(splitTags('Barbell; morning crew, barbell | Kids')).toEqual(['Barbell', 'morning crew', 'Kids']);
  });
});

describe('mapImportRow', () => {
  const mapping = guessMapping(['Name', 'Email', 'Birthday', 'Sex', 'Street', 'City', 'State', 'Zip', 'Tags'], 'US');

  it('maps a row to the athlete input, the address in the gym’s country, ZIP+4 cut to five digits', () => {
    const row = mapImportRow(['Doe, Jane', ' jane@example.com ', '3/15/1990', 'f', '1 Main St', 'Austin', 'tx', '78701-1234', 'A; B'], mapping, {
      country: 'US',
      thisYear: 2026,
    });
    expect(row).toEqual({
      input: {
        firstName: 'Jane',
        lastName: 'Doe',
        email: 'jane@example.com',
        phone: '',
        dob: '1990-03-15',
        gender: 'Female',
        address: { addressLines: ['1 Main St'], locality: 'Austin', region: 'Texas', zipCode: '78701', country: 'US' },
        emergencyName: '',
        emergencyPhone: '',
        medicalNotes: '',
      },
      tags: ['A', 'B'],
      errors: {},
    });
  });

  it('reports the cells it cannot read', () => {
    const row = mapImportRow(['Jane Doe', '', '31/12/1990', 'robot', '', '', 'Ontario', '', ''], mapping, { country: 'US', thisYear: 2026 });
    expect(row.errors).toEqual({
      dob: ['“31/12/1990” is not a date (expected MM/DD/YYYY or YYYY-MM-DD).'],
      gender: ['“robot” is not one of: Male, Female, Transgender, Non-binary/Non-conforming, Prefer not to respond.'],
      'address.region': ['“Ontario” is not a state of the United States.'],
    });
    expect(row.input.address).toEqual({ addressLines: [], locality: '', region: '', zipCode: '', country: 'US' });
  });
});
