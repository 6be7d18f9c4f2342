import { describe, expect, it } from 'vitest';
import { SHIPPING_ZONES, ZONE_IDS } from '../config';
import { COUNTRY_NAMES, countryName } from './countries';

describe('country names', () => {
  it('names every country a shipping zone accepts', () => {
    for (const zone of ZONE_IDS) {
      for (const code of SHIPPING_ZONES[zone].countries) expect(COUNTRY_NAMES[code], code).toBeTruthy();
    }
  });

  it('agrees with the ICU region name where ICU has a plain one', () => {
    const icu = new Intl.DisplayNames(['en-IE'], { type: 'region' });
    for (const [code, name] of Object.entries(COUNTRY_NAMES)) {
      if (code === 'HK') continue; // ICU says "Hong Kong SAR China"; the shop uses the everyday name
      expect(name).toBe(icu.of(code));
    }
  });

  it('falls back to the code for a country it does not know', () => {
    expect(countryName('XK')).toBe('XK');
  });
});
