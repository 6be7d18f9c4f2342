import { BRAND, DEFAULT_ZONE, deliveryDaysText, SHIPPING_ZONES } from '../../../../domain/config';
import { SELLER } from '../../features/settings/seller-footer';
import { Link } from '../../lib/router';
import { LegalLayout, type LegalSection } from './legal-layout';
import { FACTS } from './policy-facts';
import { FreeDeliverySentence, useFreeDeliveryShort, ZoneCountries, ZonesTable } from './zones-table';

const returnMail = (
  <a href={`mailto:${SELLER.email}?subject=${encodeURIComponent('Return request')}`}>{SELLER.email}</a>
);
const damageMail = (
  <a href={`mailto:${SELLER.email}?subject=${encodeURIComponent('Damaged item')}`}>{SELLER.email}</a>
);

const SECTIONS: readonly LegalSection[] = [
  {
    id: 'production',
    title: 'Made to order',
    body: (
      <p>
        Every bracelet is hand-strung after you order it. Making takes <strong>{FACTS.production}</strong>.
        Then your parcel is posted and the delivery time for your destination begins: an order to{' '}
        {SHIPPING_ZONES[DEFAULT_ZONE].label}, for example, takes {FACTS.production} to make and then{' '}
        {deliveryDaysText(DEFAULT_ZONE)} to arrive.
      </p>
    ),
  },
  {
    id: 'delivery',
    title: 'Delivery fees and times',
    body: (
      <>
        <p>
          Choose your destination in your bag; the fee is shown there before you pay. <FreeDeliverySentence />
        </p>
        <ZonesTable caption="Delivery by destination" />
        <p>Times are in business days from the day your order is posted. We currently post to:</p>
        <ZoneCountries />
        <p>
          Parcels sent outside the EU may be charged import duties or taxes by the destination country. They
          are set by that country and payable by the recipient.
        </p>
      </>
    ),
  },
  {
    id: 'gift-wrap',
    title: 'Gift wrapping',
    body: (
      <p>
        Add gift wrapping in your bag for {FACTS.giftWrap} per order, and we wrap every piece in the order by
        hand.
      </p>
    ),
  },
  {
    id: 'returns',
    title: `${FACTS.returnsDaysAdjective} returns`,
    body: (
      <>
        <p>
          Changed your mind, or the size is not quite right? You can return any bracelet within{' '}
          <strong>{FACTS.returnsDays} of delivery</strong>, for any reason. Please send it back unworn and in
          the condition you received it, ideally in its original packaging.
        </p>
        <p>
          This is on top of your legal {FACTS.coolingOffAdjective} cooling-off right to cancel an online
          order, explained in our <Link to="/terms-conditions">Terms &amp; Conditions</Link>. Bespoke and
          corporate orders have their own terms, agreed with you by e-mail.
        </p>
      </>
    ),
  },
  {
    id: 'how-to-return',
    title: 'How to return an item',
    body: (
      <ol>
        <li>
          E-mail {returnMail} with your order reference (it starts with {BRAND.orderReferencePrefix} and is in
          your confirmation e-mail) and the items you are returning.
        </li>
        <li>We reply with the address to send it to.</li>
        <li>
          Pack the bracelet securely and post it to us. We recommend a tracked service and keeping your proof
          of postage. Return postage is yours to pay unless the item is faulty or we sent the wrong one.
        </li>
      </ol>
    ),
  },
  {
    id: 'refunds',
    title: 'Refunds',
    body: (
      <>
        <p>
          We refund you within <strong>{FACTS.refundWithin} of receiving your return</strong>, to the card you
          paid with, and e-mail you when we have done so. Your bank may take a further {FACTS.bankProcessing}{' '}
          to show the money in your account.
        </p>
        <p>
          If you cancel within the {FACTS.coolingOffAdjective} cooling-off period, we also refund the original
          delivery charge at the standard rate.
        </p>
      </>
    ),
  },
  {
    id: 'damaged',
    title: 'Damaged or faulty items',
    body: (
      <>
        <p>
          We pack every bracelet carefully, but if yours arrives damaged, please e-mail {damageMail} within{' '}
          <strong>{FACTS.reportDamageWithin}</strong> of delivery with your order reference and a photo of the
          item and its packaging. We will repair, replace or refund it, and cover the postage.
        </p>
        <p>
          A fault that shows up later is still covered: your rights under Irish consumer law to a repair,
          replacement or refund for faulty goods are not affected by this policy.
        </p>
      </>
    ),
  },
  {
    id: 'lost',
    title: 'Late or lost parcels',
    body: (
      <p>
        If your parcel has not arrived within the delivery time for your destination, write to us. We will
        trace it with the carrier and, if it is lost, make and send your order again or refund you in full.
      </p>
    ),
  },
];

export function ReturnsRefundsPage() {
  const free = useFreeDeliveryShort();
  return (
    <LegalLayout
      title="Shipping & Returns"
      intro={
        <p>
          How long your bracelet takes to make and to reach you, what delivery costs, and how returns and
          refunds work. In short: {free ? `${free} and ` : ''}
          {FACTS.returnsDaysAdjective} returns.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
