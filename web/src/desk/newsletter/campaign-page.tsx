/**
 * One campaign on the desk (docs/product/states.md §5.10). A draft: its subject, preview line, Markdown body and
 * product blocks, saved as a draft; its e-mail previewed at a phone's and a laptop's width as subscribers
 * receive it; a test to the owner; then sent now or at a chosen Irish time. A campaign sent (or on its
 * way) is read-only, with its date and counts.
 */
import { type FormEvent, useEffect, useState } from 'react';
import { CAMPAIGN_LIMITS } from '../../../../domain/newsletter/campaigns';
import { irishInstant, irishIsoDateTime, parseIsoDate } from '../../../../domain/shared/calendar-date';
import { newsletterHref } from '../routes/newsletter';
import { Field, TextAreaField } from '../ui/desk-fields';
import { formatInstant, money } from '../ui/desk-format';
import { useDeskAction, useDeskData } from '../ui/desk-hooks';
import { buttonClass, ErrorMessage, Loading, PageHeading } from '../ui/desk-ui';
import { CAMPAIGN_STATUS_LABELS } from './campaigns-page';
import { newsletterApi, type PickableProduct } from './newsletter-api';
import { subscriberCount } from './subscribers-page';

/** A campaign as the desk parsed it. */
type CampaignView = Awaited<ReturnType<typeof newsletterApi.campaign>>;

/** `2026-12-01T09:00` (Irish wall time, as a datetime-local field holds it) -> ISO with its offset. */
function irishIso(local: string): string | null {
  const [day = '', time = ''] = local.split('T');
  const date = parseIsoDate(day);
  const [hour, minute] = time.split(':').map(Number);
  if (!date || hour === undefined || minute === undefined || Number.isNaN(hour) || Number.isNaN(minute))
    return null;
  return irishIsoDateTime(irishInstant(date, hour, minute));
}

export function CampaignPage({ campaignId }: { readonly campaignId: string | null }) {
  const [loaded, reload, replace] = useDeskData(`campaign-${campaignId ?? 'new'}`, async () =>
    campaignId ? newsletterApi.campaign(campaignId) : null,
  );
  const [products] = useDeskData('campaign-products', () => newsletterApi.products());
  if (loaded.state === 'loading') return <Loading label="Opening the campaign…" />;
  if (loaded.state === 'error') return <ErrorMessage>{loaded.message}</ErrorMessage>;
  const campaign = loaded.data;
  const pickable = products.state === 'ready' ? products.data : [];
  return (
    <div>
      <p className="text-sm">
        <a href={newsletterHref.campaigns()} className="text-wine underline underline-offset-4">
          Newsletter
        </a>
      </p>
      <PageHeading>{campaign ? campaign.subject : 'New campaign'}</PageHeading>
      {campaign && campaign.status !== 'draft' ? (
        <SentCampaign campaign={campaign} products={pickable} onStale={reload} />
      ) : (
        <>
          <CampaignForm
            campaign={campaign}
            products={pickable}
            productsError={products.state === 'error' ? products.message : null}
            onSaved={(saved) => {
              if (!campaign) window.location.hash = newsletterHref.campaign(saved.id);
              else replace(saved);
            }}
          />
          {campaign ? <DraftActions campaign={campaign} onSent={replace} /> : null}
        </>
      )}
      {campaign ? <Preview key={campaign.updatedAt} id={campaign.id} /> : null}
    </div>
  );
}

function CampaignForm({
  campaign,
  products,
  productsError,
  onSaved,
}: {
  readonly campaign: CampaignView | null;
  readonly products: readonly PickableProduct[];
  readonly productsError: string | null;
  readonly onSaved: (campaign: CampaignView) => void;
}) {
  const [subject, setSubject] = useState(campaign?.subject ?? '');
  const [preview, setPreview] = useState(campaign?.preview ?? '');
  const [body, setBody] = useState(campaign?.body ?? '');
  const [picked, setPicked] = useState<readonly string[]>(campaign?.productIds ?? []);
  const [saved, setSaved] = useState(false);
  const save = useDeskAction(async (submission: string) => {
    const fields = { subject, preview, body, productIds: [...picked] };
    const result = campaign
      ? await newsletterApi.update(campaign.id, fields, submission)
      : await newsletterApi.create(fields, submission);
    setSaved(true);
    onSaved(result);
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    void save.run();
  };
  const toggle = (id: string) =>
    setPicked((list) => (list.includes(id) ? list.filter((p) => p !== id) : [...list, id]));
  return (
    <form onSubmit={onSubmit} className="mt-6 grid gap-4" aria-label="Campaign">
      <Field
        id="campaign-subject"
        label="Subject"
        value={subject}
        maxLength={CAMPAIGN_LIMITS.subjectMax}
        required
        onChange={(e) => setSubject(e.target.value)}
      />
      <Field
        id="campaign-preview"
        label="Preview line"
        note="optional"
        hint="Shown by mail programs beside the subject."
        value={preview}
        maxLength={CAMPAIGN_LIMITS.previewMax}
        onChange={(e) => setPreview(e.target.value)}
      />
      <TextAreaField
        id="campaign-body"
        label="Message"
        hint="For bold write **words**, for italic *words*; a line starting with # is a heading, with - a list item; a link is [its words](https://…)."
        rows={10}
        value={body}
        maxLength={CAMPAIGN_LIMITS.bodyMax}
        required
        onChange={(e) => setBody(e.target.value)}
      />
      <fieldset>
        <legend className="text-sm font-medium">
          Product blocks{' '}
          <span className="font-normal text-muted">
            (photo, name, price and link; at most {CAMPAIGN_LIMITS.productsMax})
          </span>
        </legend>
        {productsError ? <ErrorMessage>{productsError}</ErrorMessage> : null}
        <ul className="mt-2 grid max-h-72 gap-1 overflow-y-auto rounded-lg border border-line p-2 sm:grid-cols-2">
          {products.map((p) => {
            const checked = picked.includes(p.id);
            return (
              <li key={p.id}>
                <label className="flex min-h-11 cursor-pointer items-center gap-2 rounded px-2 hover:bg-sand">
                  <input
                    type="checkbox"
                    className="size-5"
                    checked={checked}
                    disabled={!checked && picked.length >= CAMPAIGN_LIMITS.productsMax}
                    onChange={() => toggle(p.id)}
                  />
                  <span>
                    {p.name} <span className="text-muted">{money(p.price)}</span>
                    {p.status !== 'active' ? <span className="text-muted"> ({p.status})</span> : null}
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
      </fieldset>
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className={buttonClass.primary} disabled={save.busy}>
          {save.busy ? 'Saving…' : campaign ? 'Save changes' : 'Save draft'}
        </button>
        <p role="status" className="text-sm text-success">
          {saved && !save.busy ? 'Draft saved.' : ''}
        </p>
      </div>
      {save.error ? <ErrorMessage>{save.error}</ErrorMessage> : null}
    </form>
  );
}

function DraftActions({
  campaign,
  onSent,
}: {
  readonly campaign: CampaignView;
  readonly onSent: (campaign: CampaignView) => void;
}) {
  const [testSent, setTestSent] = useState(false);
  const [confirming, setConfirming] = useState(false);
  // How many the send goes to, said before the owner confirms it (the list as it is now).
  const [subscribers] = useDeskData('newsletter-subscriber-count', () =>
    newsletterApi.subscribers('').then((r) => r.total),
  );
  const [at, setAt] = useState('');
  const [atError, setAtError] = useState<string | null>(null);
  const test = useDeskAction(async (submission: string) => {
    setTestSent(false);
    await newsletterApi.test(campaign.id, submission);
    setTestSent(true);
  });
  const send = useDeskAction(async (submission: string, when: string | null) => {
    onSent(await newsletterApi.send(campaign.id, when, submission));
  });
  const schedule = (event: FormEvent) => {
    event.preventDefault();
    const iso = irishIso(at);
    if (!iso) {
      setAtError('Choose a day and a time.');
      return;
    }
    setAtError(null);
    void send.run(iso);
  };
  return (
    <section aria-labelledby="send-heading" className="mt-8 rounded-2xl border border-line bg-white p-4">
      <h2 id="send-heading" className="font-serif text-xl">
        Send
      </h2>
      <p className="mt-1 text-sm text-muted">Save your changes first: what is sent is the saved draft.</p>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <button
          type="button"
          className={buttonClass.secondary}
          disabled={test.busy}
          onClick={() => void test.run()}
        >
          {test.busy ? 'Sending the test…' : 'Send a test to me'}
        </button>
        <p role="status" className="text-sm text-success">
          {testSent ? 'Test sent to your address.' : ''}
        </p>
      </div>
      {test.error ? <ErrorMessage>{test.error}</ErrorMessage> : null}
      <div className="mt-4 flex flex-wrap items-center gap-3">
        {confirming ? (
          <>
            <p className="text-sm font-medium">
              {subscribers.state === 'ready'
                ? `Send it to ${subscriberCount(subscribers.data)} now?`
                : 'Send it to every confirmed subscriber now?'}
            </p>
            <button
              type="button"
              className={buttonClass.primary}
              disabled={send.busy}
              onClick={() => void send.run(null)}
            >
              {send.busy ? 'Sending…' : 'Yes, send now'}
            </button>
            <button type="button" className={buttonClass.secondary} onClick={() => setConfirming(false)}>
              Cancel
            </button>
          </>
        ) : (
          <button type="button" className={buttonClass.primary} onClick={() => setConfirming(true)}>
            Send now
          </button>
        )}
      </div>
      <form onSubmit={schedule} className="mt-4 flex flex-wrap items-end gap-3" aria-label="Send later">
        <div>
          <Field
            id="campaign-at"
            label="Or send at (Irish time)"
            type="datetime-local"
            value={at}
            error={atError ?? undefined}
            onChange={(e) => setAt(e.target.value)}
          />
        </div>
        <button type="submit" className={buttonClass.secondary} disabled={send.busy}>
          Schedule
        </button>
      </form>
      {send.error ? <ErrorMessage>{send.error}</ErrorMessage> : null}
    </section>
  );
}

/** While a campaign is on its way its counts change: the page reads them again this often. */
export const CAMPAIGN_REFRESH_MS = 2_000;

function SentCampaign({
  campaign,
  products,
  onStale,
}: {
  readonly campaign: CampaignView;
  readonly products: readonly PickableProduct[];
  readonly onStale: () => void;
}) {
  // Due (the server starts it within seconds) or being sent: its recipients and counts are read again
  // until it is sent, so the page never shows the 0 of a campaign not yet started.
  const due = campaign.status === 'scheduled' && Date.parse(campaign.sendAt ?? '') <= Date.now();
  const moving = campaign.status === 'sending' || due;
  useEffect(() => {
    if (!moving) return;
    const timer = setInterval(onStale, CAMPAIGN_REFRESH_MS);
    return () => clearInterval(timer);
  }, [moving, onStale]);
  const names = campaign.productIds.map((id) => products.find((p) => p.id === id)?.name ?? id);
  const when =
    campaign.status === 'scheduled' && campaign.sendAt
      ? `for ${formatInstant(campaign.sendAt)}`
      : campaign.status === 'sending'
        ? `since ${formatInstant(campaign.sendAt ?? campaign.updatedAt)}`
        : campaign.sentAt
          ? formatInstant(campaign.sentAt)
          : '';
  return (
    <section aria-label="Campaign" className="mt-4">
      <p className="text-sm font-medium">
        {CAMPAIGN_STATUS_LABELS[campaign.status]} · {when}
      </p>
      {campaign.status === 'scheduled' ? (
        <p className="mt-4 text-sm text-muted">
          {due
            ? 'Starting: its recipients are being counted.'
            : 'Its recipients are counted when it starts: every confirmed subscriber at that moment.'}
        </p>
      ) : (
        <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
          {(
            [
              ['Recipients', campaign.recipients],
              ['Sent', campaign.sent],
              ['Failed', campaign.failed],
              ['Unsubscribed since', campaign.unsubscribed],
            ] as const
          ).map(([label, value]) => (
            <div key={label} className="rounded-xl border border-line bg-white p-3">
              <dt className="text-sm text-muted">{label}</dt>
              <dd className="font-serif text-2xl">{value}</dd>
            </div>
          ))}
        </dl>
      )}
      {campaign.failures.length > 0 ? (
        <ul className="mt-3 text-sm">
          {campaign.failures.map((f) => (
            <li key={f.reason}>
              {f.count} failed: {f.reason}
            </li>
          ))}
        </ul>
      ) : null}
      {campaign.preview ? <p className="mt-4 text-sm text-muted">Preview line: {campaign.preview}</p> : null}
      {names.length > 0 ? <p className="mt-1 text-sm text-muted">Products: {names.join(', ')}</p> : null}
    </section>
  );
}

const WIDTHS = { phone: 390, laptop: 800 } as const;

/** The e-mail as the server renders it, in a frame of a phone's or a laptop's width. */
function Preview({ id }: { readonly id: string }) {
  const [loaded] = useDeskData(`campaign-preview-${id}`, () => newsletterApi.preview(id));
  const [width, setWidth] = useState<keyof typeof WIDTHS>('phone');
  return (
    <section aria-labelledby="preview-heading" className="mt-8">
      <h2 id="preview-heading" className="font-serif text-xl">
        Preview
      </h2>
      <fieldset className="mt-2 flex gap-2">
        <legend className="sr-only">Preview width</legend>
        {(Object.keys(WIDTHS) as (keyof typeof WIDTHS)[]).map((w) => (
          <button
            key={w}
            type="button"
            aria-pressed={width === w}
            className={`${buttonClass.secondary} aria-pressed:bg-sand aria-pressed:font-semibold`}
            onClick={() => setWidth(w)}
          >
            {w === 'phone' ? 'Phone' : 'Laptop'}
          </button>
        ))}
      </fieldset>
      {loaded.state === 'loading' ? <Loading label="Rendering the e-mail…" /> : null}
      {loaded.state === 'error' ? <ErrorMessage>{loaded.message}</ErrorMessage> : null}
      {loaded.state === 'ready' ? (
        <div className="mt-3 overflow-x-auto">
          {/* The e-mail has no script (markup typed in Markdown stays text), and a srcdoc frame keeps the
              desk's policy, which runs none inline; its inline styles stay inside the frame. */}
          <iframe
            title={`The e-mail at a ${width}'s width`}
            srcDoc={loaded.data.html}
            style={{ width: WIDTHS[width], maxWidth: 'none' }}
            className="h-[36rem] rounded-lg border border-line bg-white"
          />
        </div>
      ) : null}
    </section>
  );
}
