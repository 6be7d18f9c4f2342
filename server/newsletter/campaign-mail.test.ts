/**
 * A campaign's e-mail (docs/product/states.md §5.10): pictures only from the shop's own address (no other server
 * learns who opened it), and a plain-text part that reads as text, not as Markdown.
 */
import { describe, expect, it } from 'vitest';
import { markdownText, renderCampaign } from './campaign-mail';

const SHOP = 'https://shop.test';
const render = (body: string) => renderCampaign(SHOP, { subject: 'Autumn', preview: '', body }, []);

describe('a campaign e-mail', () => {
  it("shows pictures from the shop's own address only; another site's picture is its description", () => {
    const { html } = render(
      '![Pixel](https://tracker.example/open.gif) ![Ours](https://shop.test/img/a-480.webp) ![Path](/media/b-480.webp) ![Sneaky](//tracker.example/x.gif) ![Lookalike](https://shop.test.evil.example/x.gif)',
    );
    expect(html).not.toContain('tracker.example');
    expect(html).not.toContain('evil.example');
    expect(html).toContain('[Pixel]');
    expect(html).toContain('<img src="https://shop.test/img/a-480.webp" alt="Ours">');
    expect(html).toContain('<img src="https://shop.test/media/b-480.webp" alt="Path">');
    expect(html.match(/<img /g)).toHaveLength(2);
  });

  it('has a plain-text part without Markdown: headings, emphasis and links as a reader would write them', () => {
    const body =
      '# Autumn is *here*\n\nOur **new** pieces: see [the shop](https://shop.test/shop).\n\n- one\n- two `beads`\n\n1. first\n2. second\n\n> quoted';
    expect(render(body).text).toBe(
      'Autumn is here\n\nOur new pieces: see the shop (https://shop.test/shop).\n\n- one\n- two beads\n\n1. first\n2. second\n\n> quoted',
    );
    expect(markdownText('Plain https://shop.test/x link')).toBe('Plain https://shop.test/x link');
  });
});
