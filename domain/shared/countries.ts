/**
 * English names of the countries the shop posts to, written out rather than taken from
 * Intl.DisplayNames: Node (which prerenders the legal pages) and each browser ship different ICU data
 * ("Hong Kong" vs "Hong Kong SAR China"), and a name that differs breaks hydration of the prerendered
 * page. countries.test.ts checks that every shipping country has a name here.
 */
export const COUNTRY_NAMES: Readonly<Record<string, string>> = {
  AE: 'United Arab Emirates',
  AT: 'Austria',
  AU: 'Australia',
  BE: 'Belgium',
  BG: 'Bulgaria',
  BR: 'Brazil',
  CA: 'Canada',
  CH: 'Switzerland',
  CY: 'Cyprus',
  CZ: 'Czechia',
  DE: 'Germany',
  DK: 'Denmark',
  EE: 'Estonia',
  ES: 'Spain',
  FI: 'Finland',
  FR: 'France',
  GB: 'United Kingdom',
  GR: 'Greece',
  HK: 'Hong Kong',
  HR: 'Croatia',
  HU: 'Hungary',
  IE: 'Ireland',
  IL: 'Israel',
  IS: 'Iceland',
  IT: 'Italy',
  JP: 'Japan',
  KR: 'South Korea',
  LT: 'Lithuania',
  LU: 'Luxembourg',
  LV: 'Latvia',
  MT: 'Malta',
  MX: 'Mexico',
  NL: 'Netherlands',
  NO: 'Norway',
  NZ: 'New Zealand',
  PL: 'Poland',
  PT: 'Portugal',
  RO: 'Romania',
  SE: 'Sweden',
  SG: 'Singapore',
  SI: 'Slovenia',
  SK: 'Slovakia',
  US: 'United States',
  ZA: 'South Africa',
};

/** The country's English name, or its code when the table lacks it (a test keeps that from happening). */
export function countryName(code: string): string {
  return COUNTRY_NAMES[code] ?? code;
}
