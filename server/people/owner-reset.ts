/**
 * `npm run owner:reset -- --email ...`: a locked-out owner with access to the server gets a one-time
 * setup link, valid one hour, that opens the desk's welcome screen to register a new passkey. Her other
 * passkeys and sessions stay as they are (she removes a lost phone's from the desk once signed in). On a
 * shop with no owner who can sign in, a new address becomes an owner.
 */
import { welcomeUrl } from '../../domain/people/people-api';
import { PEOPLE_LIMITS, type PeopleStore } from '../security/people-store';

export type OwnerResetOutcome =
  | { readonly ok: true; readonly link: string; readonly expiresAt: Date }
  | { readonly ok: false; readonly error: string };

export async function ownerReset(
  people: PeopleStore,
  publicUrl: string,
  email: string,
  name?: string,
): Promise<OwnerResetOutcome> {
  const address = email.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address))
    return { ok: false, error: 'Give --email with an e-mail address.' };
  let person = await people.byEmail(address);
  // No owner who can sign in (a fresh shop, or one whose first owner never registered a passkey): the
  // address becomes an owner, whoever else is on the desk.
  if (!person && (await people.ownersWhoCanSignIn()) === 0) {
    person = await people.create({
      name: name?.trim() || address.split('@')[0] || 'Owner',
      email: address,
      role: 'owner',
    });
  }
  if (person?.role !== 'owner') {
    return { ok: false, error: 'No owner of this shop has that e-mail address.' };
  }
  const { token, expiresAt } = await people.invite(person.id, PEOPLE_LIMITS.resetLinkMs);
  return { ok: true, link: welcomeUrl(publicUrl, token), expiresAt };
}
