import { describe, expect, it } from 'vitest';
import { DEFAULT_SELLER } from '../../domain/settings/seller';
import { sellerTexts } from '../../domain/settings/seller-texts';
import { sellerReplacements } from './html-pages';

describe('the seller in prerendered pages', () => {
  const page = (texts: ReturnType<typeof sellerTexts>) =>
    `<p>This shop is run by <!-- -->${texts.legalName}<!-- -->. Postal address: <!-- -->${texts.addressAndVat}</p>` +
    `<p>All prices include VAT.<!-- -->${texts.vatPrices}</p><footer><span>${texts.footer}</span>` +
    `<a href="mailto:${texts.email}?subject=Return%20request">${texts.email}</a></footer>`;

  it('swaps every placeholder text for the configured one, as React would have rendered it', () => {
    const seller = {
      legalName: "Aoife O'Brien & Co., trading as Solas",
      address: '3 Shop Street, Galway, Co. Galway, Ireland',
      vatNumber: 'IE1234567T',
      vatRate: 23,
      email: 'aoife@galway-beads.example',
    };
    const out = sellerReplacements(seller)(page(sellerTexts(DEFAULT_SELLER)));
    const asHtml = (t: string) => t.replaceAll('&', '&amp;').replaceAll("'", '&#x27;');
    const expected = sellerTexts(seller);
    expect(out).toBe(
      page({
        ...expected,
        legalName: asHtml(expected.legalName),
        footer: asHtml(expected.footer),
      }),
    );
    expect(out).toContain('VAT number: IE1234567T.');
    expect(out).toContain('VAT is included at 23%.');
    expect(out).not.toContain('[Owner name]');
    expect(out).not.toContain('[Street address]');
    // The contact e-mail, in the link and in its text.
    expect(out).toContain(
      '<a href="mailto:aoife@galway-beads.example?subject=Return%20request">aoife@galway-beads.example</a>',
    );
    expect(out).not.toContain(DEFAULT_SELLER.email);
  });

  it('leaves the pages alone when the seller is not configured', () => {
    const html = page(sellerTexts(DEFAULT_SELLER));
    expect(sellerReplacements(DEFAULT_SELLER)(html)).toBe(html);
  });
});
