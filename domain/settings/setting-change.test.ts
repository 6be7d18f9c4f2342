import { describe, expect, it } from 'vitest';
import { describeSettingChange } from './setting-change';

const zone = (id: string, name: string, price: number, freeFrom: number | null, countries: string[]) => ({
  id,
  name,
  countries,
  price,
  freeFrom,
});

describe('describeSettingChange', () => {
  it('names each change as the Settings screen does, in the owner’s words and euros', () => {
    expect(
      describeSettingChange(
        'seller',
        { name: '[Owner name]', vatNumber: null, vatRate: 23 },
        { name: 'Aoife Byrne', vatNumber: 'IE1234567T', vatRate: 23 },
      ),
    ).toBe('Legal name: “[Owner name]” → “Aoife Byrne”; VAT number: none → “IE1234567T”');
    expect(
      describeSettingChange(
        'shipping',
        {
          zones: [zone('IE', 'Ireland', 495, 4000, ['IE']), zone('WORLD', 'World', 1500, null, ['US', 'GB'])],
        },
        { zones: [zone('IE', 'Ireland', 495, 5000, ['IE'])] },
      ),
    ).toBe('Ireland: free shipping from: €40.00 → €50.00; World: zone removed');
    expect(describeSettingChange('workingDays', [1, 2, 3, 4, 5], [1, 2, 3, 4, 6])).toBe(
      'Working days: added Saturday; removed Friday',
    );
    expect(
      describeSettingChange('closures', [], [{ from: '2026-12-20', to: '2027-01-02', reason: 'Christmas' }]),
    ).toBe('Closures: added 20 December 2026 to 2 January 2027 (Christmas)');
    expect(describeSettingChange('christmasLastOrder', null, '2026-12-14')).toBe(
      'Last order date for Christmas: none → 14 December 2026',
    );
    expect(
      describeSettingChange(
        'away',
        { mode: 'off', until: null },
        { mode: 'pause-sales', until: '2026-08-20' },
      ),
    ).toBe('Away: open as usual → away, sales paused; Return date: none → 20 August 2026');
  });

  it('never shows the code’s names for a field', () => {
    const detail = describeSettingChange(
      'shipping',
      { zones: [zone('EU', 'EU', 995, null, ['FR'])] },
      { zones: [zone('EU', 'Europe', 1200, 6000, ['FR', 'DE'])] },
    );
    expect(detail).toBe(
      'Europe: name: “EU” → “Europe”; Europe: countries: added DE; Europe: shipping price: €9.95 → €12.00; Europe: free shipping from: none → €60.00',
    );
    expect(detail).not.toMatch(/shipping\.zones|freeFrom|->/);
  });
});
