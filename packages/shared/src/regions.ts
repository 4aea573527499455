import type { GymCountry } from './roles';

/** Spec 3: regions of each country; the UK's counties grouped by nation. */
export const usStates = [
  'Alabama',
  'Alaska',
  'Arizona',
  'Arkansas',
  'California',
  'Colorado',
  'Connecticut',
  'Delaware',
  'District of Columbia',
  'Florida',
  'Georgia',
  'Hawaii',
  'Idaho',
  'Illinois',
  'Indiana',
  'Iowa',
  'Kansas',
  'Kentucky',
  'Louisiana',
  'Maine',
  'Maryland',
  'Massachusetts',
  'Michigan',
  'Minnesota',
  'Mississippi',
  'Missouri',
  'Montana',
  'Nebraska',
  'Nevada',
  'New Hampshire',
  'New Jersey',
  'New Mexico',
  'New York',
  'North Carolina',
  'North Dakota',
  'Ohio',
  'Oklahoma',
  'Oregon',
  'Pennsylvania',
  'Rhode Island',
  'South Carolina',
  'South Dakota',
  'Tennessee',
  'Texas',
  'Utah',
  'Vermont',
  'Virginia',
  'Washington',
  'West Virginia',
  'Wisconsin',
  'Wyoming',
] as const;

export const canadianProvinces = [
  'Alberta',
  'British Columbia',
  'Manitoba',
  'New Brunswick',
  'Newfoundland and Labrador',
  'Northwest Territories',
  'Nova Scotia',
  'Nunavut',
  'Ontario',
  'Prince Edward Island',
  'Quebec',
  'Saskatchewan',
  'Yukon',
] as const;

export const ukCountiesByNation = {
  England: [
    'Bedfordshire',
    'Berkshire',
    'Bristol',
    'Buckinghamshire',
    'Cambridgeshire',
    'Cheshire',
    'City of London',
    'Cornwall',
    'County Durham',
    'Cumbria',
    'Derbyshire',
    'Devon',
    'Dorset',
    'East Riding of Yorkshire',
    'East Sussex',
    'Essex',
    'Gloucestershire',
    'Greater London',
    'Greater Manchester',
    'Hampshire',
    'Herefordshire',
    'Hertfordshire',
    'Isle of Wight',
    'Kent',
    'Lancashire',
    'Leicestershire',
    'Lincolnshire',
    'Merseyside',
    'Norfolk',
    'North Yorkshire',
    'Northamptonshire',
    'Northumberland',
    'Nottinghamshire',
    'Oxfordshire',
    'Rutland',
    'Shropshire',
    'Somerset',
    'South Yorkshire',
    'Staffordshire',
    'Suffolk',
    'Surrey',
    'Tyne and Wear',
    'Warwickshire',
    'West Midlands',
    'West Sussex',
    'West Yorkshire',
    'Wiltshire',
    'Worcestershire',
  ],
  Scotland: [
    'Aberdeenshire',
    'Angus',
    'Argyll and Bute',
    'Ayrshire',
    'Banffshire',
    'Berwickshire',
    'Caithness',
    'Clackmannanshire',
    'Dumfriesshire',
    'Dunbartonshire',
    'East Lothian',
    'Fife',
    'Inverness-shire',
    'Kincardineshire',
    'Kinross-shire',
    'Kirkcudbrightshire',
    'Lanarkshire',
    'Midlothian',
    'Moray',
    'Nairnshire',
    'Peeblesshire',
    'Perthshire',
    'Renfrewshire',
    'Ross and Cromarty',
    'Roxburghshire',
    'Selkirkshire',
    'Stirlingshire',
    'Sutherland',
    'West Lothian',
    'Wigtownshire',
  ],
  Wales: ['Clwyd', 'Dyfed', 'Gwent', 'Gwynedd', 'Mid Glamorgan', 'Powys', 'South Glamorgan', 'West Glamorgan'],
  'Northern Ireland': ['Antrim', 'Armagh', 'Down', 'Fermanagh', 'Londonderry', 'Tyrone'],
  Islands: ['Guernsey', 'Isle of Man', 'Isles of Scilly', 'Jersey', 'Orkney', 'Shetland', 'Western Isles'],
} as const;

export const ukCounties: readonly string[] = Object.values(ukCountiesByNation).flat();

export function regionsOf(country: GymCountry | '' | null | undefined): readonly string[] {
  if (country === 'US') return usStates;
  if (country === 'CA') return canadianProvinces;
  if (country === 'GB') return ukCounties;
  return [];
}

/** Spec 3: the countries by name. */
export const countryNames: Record<GymCountry, string> = { US: 'United States', GB: 'United Kingdom', CA: 'Canada' };

// Spec 5: US 5 digits; Canada letter-digit-letter digit-letter-digit; UK by area-prefix patterns.
const ZIP_PATTERNS: Record<GymCountry, RegExp> = {
  US: /^\d{5}$/,
  CA: /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d$/,
  GB: /^(GIR ?0AA|[A-PR-UWYZ](\d{1,2}|[A-HK-Y]\d{1,2}|\d[A-HJKPSTUW]|[A-HK-Y]\d[ABEHMNPRV-Y]) ?\d[ABD-HJLNP-UW-Z]{2})$/,
};

export function isValidZipCode(country: GymCountry, zip: string): boolean {
  return ZIP_PATTERNS[country].test(zip.trim().toUpperCase());
}

export const zipCodeMessages: Record<GymCountry, string> = {
  US: 'Please provide a valid 5-digit ZIP code.',
  CA: 'Please provide a valid postal code, like A1A 1A1.',
  GB: 'Please provide a valid postcode, like SW1A 1AA.',
};

export const genders = ['Male', 'Female', 'Transgender', 'Non-binary/Non-conforming', 'Prefer not to respond'] as const;
export type Gender = (typeof genders)[number];
