/**
 * The desk's Enquiries (docs/product/enquiries.md §16): the list, new ones first, filtered by status; one enquiry
 * with every field, its status and private notes (saved together, once per submission), and a Reply link
 * that opens the owner's mail program with the address and subject filled in. What the visitor typed is
 * shown as text, exactly as typed.
 */
import { type FormEvent, useId, useState } from 'react';
import type { AdminEnquiry } from '../../../../domain/enquiries/enquiries';
import {
  ENQUIRY_KIND_LABELS,
  ENQUIRY_LIMITS,
  ENQUIRY_MAIL_SUBJECTS,
  ENQUIRY_STATUS_LABELS,
  ENQUIRY_STATUSES,
  type EnquiryStatus,
} from '../../../../domain/enquiries/enquiry-texts';
import { enquiriesHref } from '../routes/enquiries';
import { quotesHref } from '../routes/quotes';
import { DeskCard, FactList, RecordList, RecordRow, SaveStatus } from '../ui/desk-card';
import { SelectField, TextAreaField } from '../ui/desk-fields';
import { formatDay, formatInstant, money } from '../ui/desk-format';
import { useDeskAction, useDeskData } from '../ui/desk-hooks';
import { buttonClass, LoadedList, LoadedRecord, PageHeading, StatusFilter } from '../ui/desk-ui';
import { enquiriesApi } from './enquiries-api';

const STATUS_TONE: Readonly<Record<EnquiryStatus, string>> = {
  new: 'border-wine/30 bg-sand text-wine-dark',
  quoted: 'border-gold/50 bg-white text-gold',
  won: 'border-success bg-success text-white',
  lost: 'border-line bg-white text-muted',
};

function EnquiryStatusBadge({ status }: { readonly status: EnquiryStatus }) {
  return (
    <span
      className={`inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${STATUS_TONE[status]}`}
    >
      {ENQUIRY_STATUS_LABELS[status]}
    </span>
  );
}

/** The Reply link: the owner's mail program, to the visitor, with the shop's subject. */
export function replyHref(enquiry: Pick<AdminEnquiry, 'email'>): string {
  return `mailto:${encodeURIComponent(enquiry.email).replace('%40', '@')}?subject=${encodeURIComponent(ENQUIRY_MAIL_SUBJECTS.reply)}`;
}

export function EnquiriesPage({ status }: { readonly status: EnquiryStatus | null }) {
  const [loaded] = useDeskData(status ?? 'all', () => enquiriesApi.list(status));
  const filters = ['all', ...ENQUIRY_STATUSES] as const;

  return (
    <div>
      <PageHeading>Enquiries</PageHeading>
      <p className="mt-1 text-sm text-muted">
        Corporate and bespoke enquiries from the shop's form, new ones first.
      </p>
      <StatusFilter
        links={filters.map((s) => ({
          key: s,
          label:
            s === 'all'
              ? 'All'
              : `${ENQUIRY_STATUS_LABELS[s]}${loaded.state === 'ready' ? ` (${loaded.data.counts[s]})` : ''}`,
          href: enquiriesHref.enquiries(s === 'all' ? null : s),
          current: (status ?? 'all') === s,
        }))}
      />
      <LoadedList
        loaded={loaded}
        loading="Loading enquiries…"
        empty="No enquiries here."
        isEmpty={(data) => data.enquiries.length === 0}
      >
        {(data) => (
          <RecordList>
            {data.enquiries.map((e) => (
              <RecordRow
                key={e.id}
                href={enquiriesHref.enquiry(e.id)}
                columns="md:grid-cols-[2fr_1fr_1fr_auto]"
              >
                <span>
                  <span className="font-medium text-wine underline">{e.name}</span>
                  {e.company ? <span className="text-muted"> · {e.company}</span> : null}
                  <span className="block text-sm text-muted">
                    {ENQUIRY_KIND_LABELS[e.kind]} · received {formatInstant(e.createdAt)}
                  </span>
                </span>
                <span className="text-sm">
                  {e.pieces} {e.pieces === 1 ? 'piece' : 'pieces'}
                </span>
                <span className="text-sm">
                  {e.neededBy ? `needed by ${formatDay(e.neededBy)}` : 'no date'}
                </span>
                <span>
                  <EnquiryStatusBadge status={e.status} />
                </span>
              </RecordRow>
            ))}
          </RecordList>
        )}
      </LoadedList>
    </div>
  );
}

export function EnquiryPage({ enquiryId }: { readonly enquiryId: string }) {
  const [loaded, , replace] = useDeskData(enquiryId, () => enquiriesApi.get(enquiryId));
  return (
    <div>
      <p>
        <a href={enquiriesHref.enquiries(null)} className="text-sm text-wine underline">
          ← All enquiries
        </a>
      </p>
      <LoadedRecord loaded={loaded} loading="Loading the enquiry…" heading="Enquiry">
        {(enquiry) => <EnquiryDetail enquiry={enquiry} onChange={replace} />}
      </LoadedRecord>
    </div>
  );
}

function EnquiryDetail({
  enquiry,
  onChange,
}: {
  readonly enquiry: AdminEnquiry;
  readonly onChange: (next: AdminEnquiry) => void;
}) {
  const id = useId();
  const [status, setStatus] = useState<EnquiryStatus>(enquiry.status);
  const [notes, setNotes] = useState(enquiry.notes);
  const [saved, setSaved] = useState<string | null>(null);
  const { run, busy, error } = useDeskAction(async (submission: string) => {
    const next = await enquiriesApi.update(enquiry.id, { status, notes }, submission);
    onChange(next);
    setStatus(next.status);
    setNotes(next.notes);
    setSaved(`Saved: ${ENQUIRY_STATUS_LABELS[next.status]}.`);
  });
  const save = (event: FormEvent) => {
    event.preventDefault();
    setSaved(null);
    void run();
  };

  const facts: [string, string][] = [
    ['E-mail', enquiry.email],
    ['Company', enquiry.company ?? 'Not given'],
    ['For', ENQUIRY_KIND_LABELS[enquiry.kind]],
    ['Pieces', String(enquiry.pieces)],
    ['Needed by', enquiry.neededBy ? formatDay(enquiry.neededBy) : 'No date given'],
    ['Budget per piece', enquiry.budgetPerPiece === null ? 'Not given' : money(enquiry.budgetPerPiece)],
    ['Occasion or design', enquiry.occasion ?? 'Not given'],
    ['Received', formatInstant(enquiry.createdAt)],
  ];

  return (
    <div className="mt-3">
      <div className="flex flex-wrap items-center gap-3">
        <PageHeading>{enquiry.name}</PageHeading>
        <EnquiryStatusBadge status={enquiry.status} />
      </div>
      <div className="mt-6 grid gap-6 md:grid-cols-[3fr_2fr]">
        <DeskCard id={`${id}-details`} title="The enquiry">
          <FactList facts={facts} />
          <h3 className="mt-5 font-medium">Message</h3>
          <p className="mt-1 whitespace-pre-line break-words">{enquiry.message}</p>
        </DeskCard>
        <DeskCard id={`${id}-work`} title="Reply and follow up">
          <p className="mt-3 flex flex-wrap gap-3">
            <a href={replyHref(enquiry)} className={buttonClass.primary}>
              Reply
            </a>
            <a href={quotesHref.newQuote(enquiry.id)} className={buttonClass.secondary}>
              Make a quote
            </a>
          </p>
          <p className="mt-2 text-sm text-muted">
            Reply opens your mail program, addressed to {enquiry.email}. A quote is paid by card on its own
            page.
          </p>
          <form className="mt-5 space-y-4" onSubmit={save}>
            <SelectField
              id={`${id}-status`}
              label="Status"
              value={status}
              onChange={(e) => setStatus(e.target.value as EnquiryStatus)}
              options={ENQUIRY_STATUSES.map((s) => [s, ENQUIRY_STATUS_LABELS[s]])}
            />
            <TextAreaField
              id={`${id}-notes`}
              label="Private notes"
              rows={5}
              maxLength={ENQUIRY_LIMITS.notesMax}
              value={notes}
              onChange={(e) => setNotes(e.target.value)}
            />
            <SaveStatus busy={busy} label="Save" saved={saved} error={error} />
          </form>
        </DeskCard>
      </div>
    </div>
  );
}
