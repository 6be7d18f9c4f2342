/**
 * The people store on both databases: single use of links, codes and challenges under races, the last
 * owner, and the retention rule for invitations nobody took up.
 */
import { describe, expect, it } from 'vitest';
import { storeSuite } from '../../tests/support/store-suite';
import { TEST_DIALECTS } from '../../tests/support/test-database';
import { PEOPLE_LIMITS, PeopleStore, purgePeopleData } from './people-store';

describe.each(TEST_DIALECTS)('the people store on %s', (dialect) => {
  let now = Date.parse('2026-11-20T10:00:00Z');
  const suite = storeSuite(dialect, (database) => new PeopleStore(database.db, () => now));

  it('takes a link, a recovery code and a challenge once, however many try at once', async () => {
    const person = await suite.store.create({ name: 'Aoife', email: 'aoife@example.ie', role: 'owner' });
    if (!person) throw new Error('not created');
    const { token } = await suite.store.invite(person.id, PEOPLE_LIMITS.invitationMs);
    const links = await Promise.all(
      Array.from({ length: 5 }, () => suite.store.takeInvitation(token, person.id)),
    );
    expect(links.filter(Boolean)).toHaveLength(1);

    const [code] = await suite.store.newRecoveryCodes(person.id);
    const codes = await Promise.all(
      Array.from({ length: 5 }, () => suite.store.takeRecoveryCode(code ?? '')),
    );
    expect(codes.filter((c) => c === person.id)).toHaveLength(1);
    expect(await suite.store.recoveryCodesLeft(person.id)).toBe(PEOPLE_LIMITS.recoveryCodes - 1);

    await suite.store.putChallenge('challenge-1', 'sign-in', null);
    expect(await suite.store.takeChallenge('challenge-1', 'register', null)).toBe(false);
    const taken = await Promise.all(
      Array.from({ length: 5 }, () => suite.store.takeChallenge('challenge-1', 'sign-in', null)),
    );
    expect(taken.filter(Boolean)).toHaveLength(1);
  });

  it('refuses a duplicate address, demoting or removing the last owner', async () => {
    const owner = await suite.store.create({ name: 'Aoife', email: 'Aoife@Example.ie', role: 'owner' });
    expect(await suite.store.create({ name: 'Other', email: 'aoife@example.ie', role: 'maker' })).toBeNull();
    if (!owner) throw new Error('not created');
    expect(await suite.store.update(owner.id, { role: 'maker' })).toBe('last-owner');
    expect(await suite.store.remove(owner.id)).toBe('last-owner');
    const second = await suite.store.create({ name: 'Ciara', email: 'ciara@example.ie', role: 'owner' });
    if (!second) throw new Error('not created');
    expect(await suite.store.update(owner.id, { role: 'maker' })).toBe('changed');
    expect(await suite.store.remove(second.id)).toBe('last-owner');
  });

  it('the retention pass removes expired challenges and makers never signed in, 30 days after their link', async () => {
    const maker = await suite.store.create({ name: 'Niamh', email: 'niamh@example.ie', role: 'maker' });
    const owner = await suite.store.create({ name: 'Aoife', email: 'aoife@example.ie', role: 'owner' });
    if (!maker || !owner) throw new Error('not created');
    await suite.store.invite(maker.id, PEOPLE_LIMITS.invitationMs);
    await suite.store.invite(owner.id, PEOPLE_LIMITS.invitationMs);
    await suite.store.putChallenge('old', 'sign-in', null);
    now += PEOPLE_LIMITS.invitationMs + 29 * 86_400_000;
    expect(await purgePeopleData(suite.database.db, new Date(now))).toBe(1);
    expect(await suite.store.byId(maker.id)).not.toBeNull();
    now += 2 * 86_400_000;
    expect(await purgePeopleData(suite.database.db, new Date(now))).toBe(1);
    expect(await suite.store.byId(maker.id)).toBeNull();
    // An owner stays (the shop would have nobody to sign in otherwise).
    expect(await suite.store.byId(owner.id)).not.toBeNull();
  });
});
