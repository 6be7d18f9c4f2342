/**
 * The e-mail kinds the features declare (an outbox row's `kind`; the desk's e-mail log and the privacy
 * export show it). The outbox keeps one message per order and kind (`outbox_one_per_kind`), so a kind
 * names one feature's e-mail: two features declaring the same one is refused at start, before a message
 * of one could silently take the place of the other's.
 */

const owners = new Map<string, string>();

/** Records `feature`'s kinds; declaring the same again changes nothing. */
export function declareMailKinds(feature: string, kinds: Readonly<Record<string, string>>): void {
  const values = Object.values(kinds);
  const taken = values.find((kind) => (owners.get(kind) ?? feature) !== feature);
  if (taken !== undefined) {
    throw new Error(`The e-mail kind ${taken} is declared by ${owners.get(taken)} and ${feature}`);
  }
  for (const kind of values) owners.set(kind, feature);
}

/** The feature that declared `kind` (its exact name; a kind a feature makes unique by a suffix is not here). */
export function mailKindOwner(kind: string): string | undefined {
  return owners.get(kind);
}
