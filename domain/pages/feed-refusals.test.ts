import { describe, expect, it } from 'vitest';
import { FEED_CHANNELS, FEED_REFUSAL_REASONS, feedRefusals } from './feed-refusals';

const product = (patch: object = {}) => ({
  id: '1',
  name: 'First Light',
  status: 'active' as const,
  colour: 'Pink/Gold',
  excludeFromFeeds: false,
  description: 'Rose quartz and pearls.',
  fullDescription: '',
  images: [{}],
  ...patch,
});

describe('what the shopping channels would refuse', () => {
  it('names each product a channel refuses and why', () => {
    expect(
      feedRefusals([
        product(),
        product({ id: '2', name: 'Claret Harbour', colour: '  ' }),
        product({ id: '3', name: 'Tawny Strand', images: [], status: 'paused' }),
      ]),
    ).toEqual([
      { productId: '2', name: 'Claret Harbour', channels: ['Google'], reason: FEED_REFUSAL_REASONS.noColour },
      { productId: '3', name: 'Tawny Strand', channels: FEED_CHANNELS, reason: FEED_REFUSAL_REASONS.noPhoto },
    ]);
  });

  it('leaves out what she keeps out of the feeds herself', () => {
    expect(
      feedRefusals([
        product({ colour: '', status: 'retired' }),
        product({ colour: '', excludeFromFeeds: true }),
      ]),
    ).toEqual([]);
  });
});
