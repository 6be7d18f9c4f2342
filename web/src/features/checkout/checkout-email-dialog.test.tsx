// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SHIPPING_ZONES } from '../../../../domain/config';
import {
  GB_LOW_VALUE_LIMIT_CENTS,
  GB_NOTHING_DUE_NOTICE,
  usDutyNotice,
} from '../../../../domain/customs/duty-notice';
import { VIES_TEST_REGISTER_ENV, VIES_TEST_REGISTER_HINT } from '../../../../domain/vat/vies-test-register';
import { BUSINESS_TEXT, CheckoutEmailDialog } from './checkout-email-dialog';

function renderDialog(zone: 'IE' | 'EU' | 'WORLD' = 'EU') {
  const onContinue = vi.fn();
  render(
    <CheckoutEmailDialog
      open
      onOpenChange={() => {}}
      onContinue={onContinue}
      countries={SHIPPING_ZONES[zone].countries}
    />,
  );
  return onContinue;
}

describe("the checkout's business buyer and country", () => {
  it('sends the company, its VAT number and the country chosen', async () => {
    const user = userEvent.setup();
    const onContinue = renderDialog();
    await user.type(screen.getByLabelText('Email address'), 'greta@vogel.de');
    await user.selectOptions(screen.getByLabelText(BUSINESS_TEXT.country), 'DE');
    expect(screen.queryByLabelText(BUSINESS_TEXT.vatNumber)).toBeNull();
    await user.click(screen.getByLabelText(BUSINESS_TEXT.label));
    await user.type(screen.getByLabelText(BUSINESS_TEXT.name), 'Vogel GmbH');
    await user.type(screen.getByLabelText(BUSINESS_TEXT.vatNumber), 'DE123456789');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onContinue).toHaveBeenCalledWith('greta@vogel.de', false, {
      country: 'DE',
      business: { name: 'Vogel GmbH', vatNumber: 'DE123456789' },
    });
  });

  it('says by each field what a business buyer left out, and sends nothing', async () => {
    const user = userEvent.setup();
    const onContinue = renderDialog();
    await user.type(screen.getByLabelText('Email address'), 'greta@vogel.de');
    await user.click(screen.getByLabelText(BUSINESS_TEXT.label));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onContinue).not.toHaveBeenCalled();
    const name = screen.getByLabelText(BUSINESS_TEXT.name);
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription(BUSINESS_TEXT.nameMissing);
    expect(name).toHaveFocus();
    expect(screen.getByLabelText(BUSINESS_TEXT.vatNumber)).toHaveAccessibleDescription(
      BUSINESS_TEXT.vatNumberMissing,
    );
  });

  it('asks no country in a zone of one, and a consumer sends neither', async () => {
    const user = userEvent.setup();
    const onContinue = renderDialog('IE');
    expect(screen.queryByLabelText(BUSINESS_TEXT.country)).toBeNull();
    await user.type(screen.getByLabelText('Email address'), 'ciara@example.ie');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onContinue).toHaveBeenCalledWith('ciara@example.ie', false, {});
  });
});

describe('the VAT number in TEST MODE with no VIES', () => {
  afterEach(() => {
    window.__SOLAS_ENV__ = undefined;
  });

  it('says the numbers are checked against the built-in test register, and which are valid', async () => {
    window.__SOLAS_ENV__ = { [VIES_TEST_REGISTER_ENV]: 'true' };
    const user = userEvent.setup();
    renderDialog();
    await user.click(screen.getByLabelText(BUSINESS_TEXT.label));
    const field = screen.getByLabelText(BUSINESS_TEXT.vatNumber);
    expect(field).toHaveAccessibleDescription(VIES_TEST_REGISTER_HINT);
    expect(VIES_TEST_REGISTER_HINT).toContain('DE123456789, FR12345678901, XI123456789 are valid');
  });

  it('says nothing of a register when the shop checks with VIES', async () => {
    const user = userEvent.setup();
    renderDialog();
    await user.click(screen.getByLabelText(BUSINESS_TEXT.label));
    expect(screen.queryByText(VIES_TEST_REGISTER_HINT)).toBeNull();
  });
});

describe('the business buyer when the gift cards pay it all', () => {
  it("asks one country, the delivery address's, and sends it as the destination too", async () => {
    const user = userEvent.setup();
    const onContinue = vi.fn();
    const countries = SHIPPING_ZONES.EU.countries;
    render(
      <CheckoutEmailDialog
        open
        onOpenChange={() => {}}
        onContinue={onContinue}
        countries={countries}
        address={{}}
      />,
    );
    expect(screen.queryByLabelText(BUSINESS_TEXT.country)).toBeNull();
    await user.type(screen.getByLabelText('Email address'), 'greta@vogel.de');
    await user.type(screen.getByLabelText('Full name'), 'Greta Vogel');
    await user.type(screen.getByLabelText('Address line 1'), 'Hauptstr. 1');
    await user.type(screen.getByLabelText('Town or city'), 'Berlin');
    await user.type(screen.getByLabelText('Postcode (Eircode in Ireland)'), '10115');
    await user.selectOptions(screen.getByLabelText('Country'), 'DE');
    await user.click(screen.getByLabelText(BUSINESS_TEXT.label));
    await user.type(screen.getByLabelText(BUSINESS_TEXT.name), 'Vogel GmbH');
    await user.type(screen.getByLabelText(BUSINESS_TEXT.vatNumber), 'DE123456789');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onContinue).toHaveBeenCalledWith(
      'greta@vogel.de',
      false,
      { country: 'DE', business: { name: 'Vogel GmbH', vatNumber: 'DE123456789' } },
      {
        name: 'Greta Vogel',
        line1: 'Hauptstr. 1',
        city: 'Berlin',
        postalCode: '10115',
        country: 'DE',
      },
    );
  });
});

describe("the checkout's duty notice", () => {
  it('tells a shopper choosing the United States of the duty before paying, and no one else', async () => {
    const user = userEvent.setup();
    renderDialog('WORLD');
    expect(screen.queryByText(usDutyNotice(15))).toBeNull();
    await user.selectOptions(screen.getByLabelText(BUSINESS_TEXT.country), 'CA');
    expect(screen.queryByText(usDutyNotice(15))).toBeNull();
    await user.selectOptions(screen.getByLabelText(BUSINESS_TEXT.country), 'US');
    expect(screen.getByText(usDutyNotice(15))).toBeVisible();
  });

  /** The dialog for the Rest of the world zone, asking the destination (its notices follow it). */
  function renderWorld(props: { usDutyPercent?: number; valueCents?: number }) {
    return render(
      <CheckoutEmailDialog
        open
        onOpenChange={() => {}}
        onContinue={vi.fn()}
        countries={SHIPPING_ZONES.WORLD.countries}
        {...props}
      />,
    );
  }

  it("says the owner's own percent from Settings", async () => {
    const user = userEvent.setup();
    renderWorld({ usDutyPercent: 12 });
    await user.selectOptions(screen.getByLabelText(BUSINESS_TEXT.country), 'US');
    expect(screen.getByText(usDutyNotice(12))).toBeVisible();
    expect(screen.queryByText(usDutyNotice(15))).toBeNull();
  });

  it('tells a shopper choosing Great Britain under £135 that the price holds UK VAT and nothing more is due', async () => {
    // The zones list Great Britain only while the shop charges UK VAT there (gb: 'uk_vat').
    const user = userEvent.setup();
    const under = renderWorld({ valueCents: GB_LOW_VALUE_LIMIT_CENTS });
    expect(screen.queryByText(GB_NOTHING_DUE_NOTICE)).toBeNull();
    await user.selectOptions(screen.getByLabelText(BUSINESS_TEXT.country), 'GB');
    expect(screen.getByText(GB_NOTHING_DUE_NOTICE)).toBeVisible();
    await user.selectOptions(screen.getByLabelText(BUSINESS_TEXT.country), 'US');
    expect(screen.queryByText(GB_NOTHING_DUE_NOTICE)).toBeNull();
    under.unmount();
    // Over the limit the UK charges its VAT at import, not the shop: she is not told nothing is due.
    renderWorld({ valueCents: GB_LOW_VALUE_LIMIT_CENTS + 1 });
    await user.selectOptions(screen.getByLabelText(BUSINESS_TEXT.country), 'GB');
    expect(screen.queryByText(GB_NOTHING_DUE_NOTICE)).toBeNull();
  });
});
