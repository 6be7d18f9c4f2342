/** An enquiry named as the owner knows it (company or sender, and its date), linked to it: never its id. */

import { enquiriesHref } from '../routes/enquiries';
import { useDeskData } from '../ui/desk-hooks';
import { enquiriesApi, enquiryLabel } from './enquiries-api';

export function EnquiryName({ id }: { readonly id: string }) {
  const [loaded] = useDeskData(`enquiry-name-${id}`, () => enquiriesApi.get(id));
  if (loaded.state === 'error') return <span>Enquiry no longer kept</span>;
  return (
    <a href={enquiriesHref.enquiry(id)} className="text-wine underline">
      Enquiry{loaded.state === 'ready' ? `: ${enquiryLabel(loaded.data)}` : ''}
    </a>
  );
}
