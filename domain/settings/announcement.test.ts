import { describe, expect, it } from 'vitest';
import { announcementContradiction, DEFAULT_ANNOUNCEMENT_TEXT } from './announcement';

const ZONES = [
  { name: 'Ireland', freeFrom: 6000 },
  { name: 'European Union', freeFrom: null },
];

describe('the announcement’s free shipping against the zones’ thresholds (Settings’ warning)', () => {
  it('warns when the bar promises €40 and Ireland’s free shipping starts at €60', () => {
    expect(announcementContradiction({ text: DEFAULT_ANNOUNCEMENT_TEXT, enabled: true }, ZONES)).toBe(
      'The announcement bar promises free shipping from €40, but the shipping settings say Ireland from €60. Change the announcement or the threshold so they agree.',
    );
    expect(
      announcementContradiction({ text: 'Free delivery over €40,00!', enabled: true }, [
        { name: 'Ireland', freeFrom: null },
      ]),
    ).toMatch(/promises free shipping from €40, but the shipping settings say no free shipping\./);
  });

  it('says nothing while a zone keeps the promise, the bar is off, or it promises no free shipping', () => {
    const agreeing = [...ZONES, { name: 'Northern Ireland', freeFrom: 4000 }];
    expect(
      announcementContradiction({ text: DEFAULT_ANNOUNCEMENT_TEXT, enabled: true }, agreeing),
    ).toBeNull();
    expect(announcementContradiction({ text: DEFAULT_ANNOUNCEMENT_TEXT, enabled: false }, ZONES)).toBeNull();
    expect(
      announcementContradiction({ text: 'New autumn colours from €35', enabled: true }, ZONES),
    ).toBeNull();
    expect(announcementContradiction({ text: 'Free shipping in Ireland', enabled: true }, ZONES)).toBeNull();
  });
});
