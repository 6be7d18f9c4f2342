import { BRAND } from '../../../../domain/config';
import { SELLER_TEXTS } from '../../features/settings/seller';
import { SELLER } from '../../features/settings/seller-footer';
import { Link } from '../../lib/router';
import { LegalLayout, type LegalSection } from './legal-layout';
import { FACTS } from './policy-facts';

const mail = (
  <a href={`mailto:${SELLER.email}?subject=${encodeURIComponent('Privacy request')}`}>{SELLER.email}</a>
);

const SECTIONS: readonly LegalSection[] = [
  {
    id: 'who-we-are',
    title: 'Who we are',
    body: (
      <>
        <p>
          {BRAND.name} is run by {SELLER_TEXTS.legalName}, a sole trader at {SELLER_TEXTS.address}. For the
          personal data described here, {BRAND.name} is the data controller under the EU General Data
          Protection Regulation (GDPR) and the Irish Data Protection Acts.
        </p>
        <p>You can reach us about anything in this policy at {mail}.</p>
      </>
    ),
  },
  {
    id: 'what-we-collect',
    title: 'What we collect and why',
    body: (
      <>
        <h3>When you place an order</h3>
        <p>
          Your name, delivery address, e-mail address, the items you ordered, the amounts paid, the delivery
          destination, whether you chose gift wrapping and your order reference. We use them to make and post
          your order, send your confirmation and answer questions about it. The legal basis is the contract
          between us, and our legal obligation to keep accounting records.
        </p>
        <p>
          Card details are entered on the secure payment page of our payment provider and go straight to them.
          We never see or store your full card number.
        </p>
        <h3>When you sign up for news</h3>
        <p>
          If you join our newsletter, or ask to hear when the brooches launch, we store your e-mail address,
          the time you signed up and where on the site you did so, and send you one e-mail asking you to
          confirm. You are only on the list once you follow the link in it. The legal basis is your consent,
          which you can withdraw at any time with the unsubscribe link in every e-mail we send you, or by
          writing to us; we then remove your address from the list. Our newsletter e-mails carry no tracking
          pixels and no per-reader links: we do not know whether, when or where you open them or which links
          you follow.
        </p>
        <h3>When you ask for a reminder about your cart</h3>
        <p>
          At checkout you can tick &ldquo;E-mail me once if I don&rsquo;t finish my order&rdquo;. It is never
          ticked for you. If you tick it, we store your e-mail address, the items in your cart (no prices),
          the time you ticked it and the order it belongs to, and if that order is not paid within a day we
          send you one e-mail with a link back to your cart. The legal basis is your consent, given for that
          single e-mail. If you pay, we send nothing and delete what we stored.
        </p>
        <h3>When you send us an enquiry or e-mail us</h3>
        <p>
          Your e-mail address and whatever you choose to tell us, for example about a bespoke or corporate
          order. The enquiry form also asks your name, your company if you like, the number of pieces, the
          date you need them by and your budget. We use it to answer you, based on your request and our
          legitimate interest in replying, and we send you one e-mail to confirm that the form reached us.
        </p>
        <h3>When you visit the shop</h3>
        <p>
          Like every website, our server receives technical information with each request, such as your IP
          address, browser type and the page asked for. We use it only to deliver the page and to keep the
          shop secure, based on our legitimate interest in running a safe website.
        </p>
        <p>
          Your bag, wishlist, comparison list and recently viewed items are kept in your own browser, not on
          our server, until you check out. The <Link to="/cookie-policy">Cookie Policy</Link> lists everything
          the shop keeps on your device.
        </p>
        <p>
          We do not use advertising networks or tracking pixels, we do not profile you, and we never sell your
          data.
        </p>
      </>
    ),
  },
  {
    id: 'who-we-share-with',
    title: 'Who we share it with',
    body: (
      <>
        <p>We share only what each service needs to do its job for us:</p>
        <ul>
          <li>
            <strong>Our payment provider</strong> (Stripe), which processes your payment and protects it
            against fraud.
          </li>
          <li>
            <strong>Our e-mail provider</strong>, which delivers your order confirmation and, if you signed
            up, our news.
          </li>
          <li>
            <strong>Our website host</strong>, which runs the server the shop and its order records live on.
          </li>
          <li>
            <strong>The postal or courier service</strong> that delivers your parcel, which receives your name
            and delivery address.
          </li>
          <li>
            <strong>Our accountant and the Irish Revenue Commissioners</strong>, where the law requires it.
          </li>
        </ul>
        <p>
          Where a provider handles data outside the European Economic Area, we rely on the safeguards the GDPR
          provides, such as the European Commission&rsquo;s Standard Contractual Clauses.
        </p>
      </>
    ),
  },
  {
    id: 'how-long',
    title: 'How long we keep it',
    body: (
      <ul>
        <li>
          <strong>Orders:</strong> we keep the record of a paid order for {FACTS.paidOrderRetention} after the
          end of the year of the order, because Irish tax law requires us to keep business records; then we
          remove your name, e-mail address and delivery address from it. If you start a checkout but never
          pay, we erase your e-mail address, name and address after {FACTS.unpaidCheckoutRetention}.
        </li>
        <li>
          <strong>Invoices and credit notes:</strong> Irish tax law requires us to keep every VAT invoice we
          issue for 6 years, so an invoice stays even when you ask us to erase your data; a consumer&rsquo;s
          invoice then names you as &ldquo;Customer (erased)&rdquo;. A business&rsquo;s invoice keeps the
          business&rsquo;s name, address and VAT number.
        </li>
        <li>
          <strong>Newsletter and launch sign-ups:</strong> until you unsubscribe or ask us to remove you. If
          you do not confirm your sign-up within {FACTS.unconfirmedSignupRetention}, we delete your address.
        </li>
        <li>
          <strong>Cart reminders:</strong> we delete your address and cart {FACTS.cartReminderRetention} after
          the one reminder, or as soon as you pay.
        </li>
        <li>
          <strong>E-mails we send you:</strong> we keep a record that an e-mail was sent, and erase its text
          after {FACTS.mailBodyRetention}.
        </li>
        <li>
          <strong>Enquiries:</strong> an enquiry sent with the form is deleted {FACTS.enquiryRetention} after
          it last changed (when you sent it, or when we last worked on it); e-mails, as long as the
          conversation and any resulting order need them.
        </li>
        <li>
          <strong>Quotes:</strong> we erase your e-mail address, name and our note to you{' '}
          {FACTS.quoteRetention} after the last day the quote is valid; a quote you paid is kept as an order.
        </li>
        <li>
          <strong>Server logs:</strong> only as long as needed to run and secure the shop; they never contain
          your full e-mail address, name or address.
        </li>
      </ul>
    ),
  },
  {
    id: 'age',
    title: 'Minimum age',
    body: (
      <p>
        You must be at least {FACTS.minimumAge} years old to place an order or sign up for our news, and we do
        not knowingly collect personal data from anyone younger. If you are under {FACTS.minimumAge}, please
        ask a parent or guardian to order for you. If you believe a child has given us their details, write to
        us and we will delete them.
      </p>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your rights',
    body: (
      <>
        <p>Under the GDPR you have the right to:</p>
        <ul>
          <li>get a copy of the personal data we hold about you;</li>
          <li>have it corrected if it is wrong;</li>
          <li>have it deleted, unless the law requires us to keep it (such as order records for tax);</li>
          <li>restrict or object to how we use it;</li>
          <li>receive it in a portable format;</li>
          <li>withdraw your consent at any time, for example to our newsletter.</li>
        </ul>
        <p>
          To use any of these rights, write to {mail}. We will answer within one month and will not charge
          you.
        </p>
        <p>
          If you are unhappy with how we handle your data, you can complain to the Irish Data Protection
          Commission, our supervisory authority, at{' '}
          <a href="https://www.dataprotection.ie" rel="noopener noreferrer">
            www.dataprotection.ie
          </a>
          , or to the data protection authority where you live. We would appreciate the chance to put things
          right first.
        </p>
      </>
    ),
  },
  {
    id: 'security',
    title: 'Keeping your data safe',
    body: (
      <p>
        The shop is served over an encrypted connection, payments are handled entirely by our payment
        provider, and apart from the services listed above, only the people who run {BRAND.name} can see your
        order details.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    body: (
      <p>
        If we change how we use your data, we will update this page and the date at the top. If the change is
        significant and we hold your e-mail address, we will tell you before it takes effect.
      </p>
    ),
  },
];

export function PrivacyPolicyPage() {
  return (
    <LegalLayout
      title="Privacy Policy"
      intro={
        <p>
          We collect as little as we can, use it only to make and deliver your order and to keep in touch if
          you ask us to, and we never sell it. This page explains exactly what that means.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
