import { describe, expect, it } from 'vitest';
import {
  checkForm,
  EMPTY_FORM,
  euroText,
  fieldOfRefusal,
  formOf,
  parseMaterials,
  patchOf,
} from './product-form-model';
import { adminProduct } from './product-test-fixtures';

describe('the product form model', () => {
  it('shows cents as euro text and reads them back exactly', () => {
    expect([5, 100, 1999, 100000].map(euroText)).toEqual(['0.05', '1.00', '19.99', '1000.00']);
    const product = adminProduct({ price: 4599 });
    for (const price of ['45.99', '45,99', '€45.99']) {
      const { fields, errors } = checkForm(
        { ...formOf(product), price },
        { isNew: false, imagesWithoutAlt: 0 },
      );
      expect(errors).toEqual({});
      expect(fields.price).toBe(4599);
    }
    const over = checkForm({ ...formOf(product), price: '1000.01' }, { isNew: false, imagesWithoutAlt: 0 });
    expect(over.errors.price).toBe('The price must be from €1.00 to €1,000.00.');
  });

  it('reads materials as a comma list, trimmed, each once whatever its case', () => {
    expect(parseMaterials(' silver, rose quartz,, Silver ,')).toEqual(['silver', 'rose quartz']);
  });

  it('patches only what changed', () => {
    const product = adminProduct();
    const values = { ...formOf(product), name: 'New name', materials: 'sterling silver,  rose quartz' };
    const { fields } = checkForm(values, { isNew: false, imagesWithoutAlt: 0 });
    expect(patchOf(fields, product)).toEqual({ name: 'New name' });
    expect(
      patchOf(checkForm(formOf(product), { isNew: false, imagesWithoutAlt: 0 }).fields, product),
    ).toEqual({});
  });

  it('sends the feeds fields she changed, and refuses a barcode number whose check digit is wrong', () => {
    const product = adminProduct();
    const typed = {
      ...formOf(product),
      gtin: ' 5901234 123457 ',
      colour: ' Burgundy/Gold ',
      excludeFromFeeds: true,
    };
    const checked = checkForm(typed, { isNew: false, imagesWithoutAlt: 0 });
    expect(checked.errors).toEqual({});
    expect(patchOf(checked.fields, product)).toEqual({
      gtin: '5901234123457',
      colour: 'Burgundy/Gold',
      excludeFromFeeds: true,
    });
    const wrong = checkForm(
      { ...formOf(product), gtin: '5901234123458' },
      { isNew: false, imagesWithoutAlt: 0 },
    );
    expect(wrong.errors.gtin).toMatch(/digits under the barcode/);
  });

  it('refuses active while a photo has no alt text, and a name over 80 characters', () => {
    const values = { ...EMPTY_FORM, name: 'x'.repeat(81), status: 'active' as const };
    const { errors } = checkForm(values, { isNew: true, imagesWithoutAlt: 2 });
    expect(errors.name).toBe('The name can be at most 80 characters.');
    expect(errors.status).toBe('2 photos have no alt text: add it before making this product active.');
  });

  it("finds the field a server's 400 is about", () => {
    expect(fieldOfRefusal('price: Too small: expected number to be >=100', undefined)).toBe('price');
    expect(fieldOfRefusal('materials[1]: Invalid input', undefined)).toBe('materials');
    expect(fieldOfRefusal('That handle is taken', { ok: false, error: 'x', field: 'handle' })).toBe('handle');
    expect(fieldOfRefusal('Name must be 1-80 characters', undefined)).toBe('name');
    expect(fieldOfRefusal('Full description is too long', undefined)).toBe('fullDescription');
    expect(fieldOfRefusal('The request body must be a JSON object', undefined)).toBeNull();
  });
});

describe('the product form’s customs fields', () => {
  const product = adminProduct();
  const check = (changes: Partial<ReturnType<typeof formOf>>) =>
    checkForm({ ...formOf(product), ...changes }, { isNew: false, imagesWithoutAlt: 0 });

  it('sends nothing while they are empty, and the whole data once given', () => {
    expect(patchOf(check({}).fields, product)).not.toHaveProperty('customs');
    const given = check({
      customsHsCode: '7117.19',
      customsMaterials: 'glass and sterling silver',
      customsWeightS: '10',
      customsWeightM: '12',
      customsWeightL: '14',
    });
    expect(given.errors).toEqual({});
    expect(patchOf(given.fields, product).customs).toEqual({
      hsCode: '711719',
      originCountry: 'IE',
      materials: 'glass and sterling silver',
      weightGrams: { S: 10, M: 12, L: 14 },
    });
  });

  it('says which customs field is wrong, and maps the server’s refusal to it', () => {
    const bad = check({ customsHsCode: '71', customsMaterials: 'glass', customsWeightS: '1.5' });
    expect(Object.keys(bad.errors).sort()).toEqual([
      'customsHsCode',
      'customsWeightL',
      'customsWeightM',
      'customsWeightS',
    ]);
    expect(fieldOfRefusal('customs.hsCode: HS code must be 6 to 10 digits', null)).toBe('customsHsCode');
    expect(fieldOfRefusal('customs.weightGrams: Weight must be …', null)).toBe('customsWeightS');
  });
});
