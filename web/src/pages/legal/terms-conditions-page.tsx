import { BRAND } from '../../../../domain/config';
import { REVIEW_RULE } from '../../../../domain/reviews/review-texts';
import { HOW_REVIEWS_WORK } from '../../../../domain/reviews/reviews';
import { SELLER_TEXTS } from '../../features/settings/seller';
import { SELLER } from '../../features/settings/seller-footer';
import { Link } from '../../lib/router';
import { LegalLayout, type LegalSection } from './legal-layout';
import { FACTS } from './policy-facts';
import { FreeDeliverySentence, ZonesTable } from './zones-table';

const mail = <a href={`mailto:${SELLER.email}`}>{SELLER.email}</a>;

const SECTIONS: readonly LegalSection[] = [
  {
    id: 'about-us',
    title: 'About us',
    body: (
      <>
        <p>
          This shop is run by {SELLER_TEXTS.legalName}, a sole trader based in Ireland. Postal address:{' '}
          {SELLER_TEXTS.addressAndVat} E-mail: {mail}.
        </p>
        <p>
          These terms apply to every order you place on this website as a consumer. Please read them before
          you order; by placing an order you accept them. They do not affect your statutory rights as a
          consumer.
        </p>
      </>
    ),
  },
  {
    id: 'ordering',
    title: 'Ordering',
    body: (
      <>
        <p>
          You must be at least {FACTS.minimumAge} years old to order. When you pay, you make an offer to buy
          the items in your bag. You will see a confirmation page with your order reference, and we send a
          confirmation e-mail; if it has not arrived within {FACTS.confirmationEmailWithin}, please check your
          spam folder and then write to us. The contract between us is formed when we send that confirmation.
        </p>
        <p>
          If we cannot make your order, for example because a bead has become unavailable, we will tell you
          straight away and refund everything you paid.
        </p>
      </>
    ),
  },
  {
    id: 'products',
    title: 'Our products',
    body: (
      <p>
        Every bracelet is made by hand from natural stone, glass, pearl and other beads. The pictures in the
        shop show each design as closely as we can, but your piece may vary slightly in shade, bead pattern
        and finish. These small differences are part of handmade work and are not a fault.
      </p>
    ),
  },
  {
    id: 'prices-payment',
    title: 'Prices and payment',
    body: (
      <>
        <p>
          All prices are in euro (EUR) and include VAT where applicable.
          {SELLER_TEXTS.vatPrices} Delivery and optional gift wrapping ({FACTS.giftWrap} per order) are added
          in your bag, and you see the full total before you pay. The amount charged is exactly that total.
        </p>
        <p>
          Payment is taken by card on the secure, hosted payment page of our payment provider at the time you
          order. If a price on the site is clearly wrong, we will contact you before making your order and you
          may cancel for a full refund.
        </p>
      </>
    ),
  },
  {
    id: 'gift-cards',
    title: 'Gift cards',
    body: (
      <>
        <p>
          A {BRAND.name} gift card is valid for <strong>five years</strong> from the day it is bought (the
          expiry date is printed on its e-mail and shown with every balance check), as the Consumer Protection
          (Gift Vouchers) Act 2019 requires. There is no fee of any kind: not to buy it, hold it, check it or
          spend it.
        </p>
        <p>
          A card can be spent in parts, over as many orders as you like, until its balance is used up, and you
          may use as many cards as you like in one order. It pays what is left to pay after any discount,
          delivery and gift wrap; the rest is paid by card. Refunds of an order paid with a gift card go back
          to the card, with its expiry unchanged.
        </p>
        <p>
          A gift card is a payment, not a discount: its sale carries no VAT, which is charged on the goods it
          pays for. A lost card can be disabled and its remaining balance reissued under a new code: write to{' '}
          {mail}.
        </p>
      </>
    ),
  },
  {
    id: 'production',
    title: 'Made to order',
    body: (
      <p>
        Your bracelet is hand-strung after you order. Please allow {FACTS.production} for us to make it before
        it is posted. Bespoke and corporate orders are agreed with you by e-mail, including their own
        production time and any terms that differ from these; see{' '}
        <Link to="/bespoke-corporate">Bespoke &amp; Corporate</Link>.
      </p>
    ),
  },
  {
    id: 'delivery',
    title: 'Delivery',
    body: (
      <>
        <p>
          Delivery fees and estimated delivery times (from the day your order is posted) depend on the
          destination you choose in your bag. <FreeDeliverySentence />
        </p>
        <ZonesTable caption="Delivery fees and times" />
        <p>
          Delivery times are estimates, not guarantees, but if your order has not arrived within a reasonable
          time, tell us and we will trace it, or make and send it again. Your order is our responsibility
          until it is delivered to you. Orders sent outside the EU may be charged import duties or taxes by
          the destination country; these are set by that country and are payable by the recipient.
        </p>
        <p>
          More detail is in <Link to="/returns-refunds">Shipping &amp; Returns</Link>.
        </p>
      </>
    ),
  },
  {
    id: 'cooling-off',
    title: 'Your right to cancel',
    body: (
      <>
        <p>
          Under EU consumer law (in Ireland, the Consumer Rights Act 2022) you may cancel an online order
          within a <strong>{FACTS.coolingOffAdjective} cooling-off period</strong>, without giving a reason.
          The period ends {FACTS.coolingOffDays} after the day you (or someone you name) receive the goods.
        </p>
        <p>
          The law allows sellers to exclude goods made to the customer&rsquo;s own specifications or clearly
          personalised, such as a bespoke design agreed with you by e-mail. Our standard bracelets are made to
          order from our own designs, and we do not rely on that exception for them.
        </p>
        <p>
          We go further than the law: you can return any bracelet bought in this shop within{' '}
          <strong>{FACTS.returnsDays} of delivery</strong>. To cancel or return, e-mail {mail} with your order
          reference, or send us any other clear statement, and post the item back within{' '}
          {FACTS.coolingOffDays} of telling us. It should be unworn and in the condition you received it; you
          may handle it as you would in a shop, but if it has been damaged by more than that we may reduce the
          refund accordingly. Unless the item is faulty, the cost of posting it back is yours.
        </p>
      </>
    ),
  },
  {
    id: 'refunds',
    title: 'Refunds',
    body: (
      <>
        <p>
          We refund you within <strong>{FACTS.refundWithin} of receiving your return</strong> (or of receiving
          proof that you posted it back, if that is earlier), to the card you paid with. Your bank may then
          take a further {FACTS.bankProcessing} to show the money in your account.
        </p>
        <p>
          If you cancel within the cooling-off period, we also refund the original delivery charge at the
          standard rate. Returns after the cooling-off period, under our longer returns promise, are refunded
          the price of the items.
        </p>
      </>
    ),
  },
  {
    id: 'faulty-damaged',
    title: 'Faulty or damaged items',
    body: (
      <>
        <p>
          If your order arrives damaged, please tell us within <strong>{FACTS.reportDamageWithin}</strong> of
          delivery, with a photo of the item and the packaging if you can, so that we can claim from the
          carrier and put it right quickly: we will repair, replace or refund it, including postage.
        </p>
        <p>
          This does not limit your legal rights. If an item turns out to be faulty or not as described, you
          are entitled to a repair, replacement or refund under Irish consumer law, whenever you notice it
          within the period the law allows.
        </p>
      </>
    ),
  },
  {
    id: 'liability',
    title: 'Our responsibility to you',
    body: (
      <p>
        We are responsible for loss or damage you suffer that is a foreseeable result of our breaking these
        terms or failing to use reasonable care. We do not exclude or limit our liability where it would be
        unlawful to do so, including for death or personal injury caused by our negligence, for fraud, or for
        your statutory rights as a consumer. Please keep bracelets away from young children: beads are small
        parts.
      </p>
    ),
  },
  {
    id: 'privacy',
    title: 'Your personal data',
    body: (
      <p>
        We use your details only to fulfil your order and as described in our{' '}
        <Link to="/privacy-policy">Privacy Policy</Link>. The shop&rsquo;s use of your browser&rsquo;s storage
        is explained in the <Link to="/cookie-policy">Cookie Policy</Link>.
      </p>
    ),
  },
  {
    id: 'law',
    title: 'Governing law and disputes',
    body: (
      <>
        <p>
          These terms are governed by the law of Ireland, and the Irish courts can hear any dispute. If you
          live elsewhere in the EU, you keep the protection of the mandatory consumer law of your country and
          may also bring a claim in your local courts.
        </p>
        <p>
          If something goes wrong, please write to us first; we will do our best to put it right. For
          independent advice, the Competition and Consumer Protection Commission (
          <a href="https://www.ccpc.ie" rel="noopener noreferrer">
            www.ccpc.ie
          </a>
          ) and the European Consumer Centre Ireland (
          <a href="https://www.eccireland.ie" rel="noopener noreferrer">
            www.eccireland.ie
          </a>
          ) can help.
        </p>
      </>
    ),
  },
  {
    id: HOW_REVIEWS_WORK.anchor,
    title: HOW_REVIEWS_WORK.label,
    body: (
      <>
        {REVIEW_RULE.map((paragraph) => (
          <p key={paragraph.slice(0, 30)}>{paragraph}</p>
        ))}
      </>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to these terms',
    body: (
      <p>
        We may update these terms from time to time. The terms that apply to your order are the ones shown
        here when you placed it.
      </p>
    ),
  },
];

export function TermsConditionsPage() {
  return (
    <LegalLayout
      title="Terms & Conditions"
      intro={
        <p>
          The plain-language terms for buying from {BRAND.name}: who we are, how ordering, delivery and
          returns work, and the rights you have as a consumer.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
