/**
 * The one comparison of secrets the server makes: the owner's token (desk sign-in and Bearer), the desk's
 * session secret and the order page's key. Both sides are hashed first, so the compared buffers always
 * have the same length: neither the position of the first wrong character nor the length of a guess
 * shows in the time the answer takes. An empty guess never matches.
 */
import { createHash, timingSafeEqual } from 'node:crypto';

function digest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}

export function sameSecret(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected)) && given.length > 0;
}
