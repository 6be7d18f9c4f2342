// The repository describes the shop as it is: the story of the work (which numbered session or issue did
// what, what a helper found) belongs in git log, not in comments and docs a newcomer reads as current.
// "checkout session" and "desk session" are the product's own words and stay allowed.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A numbered work session or issue, or a helper's session by name: history, not a description of the shop. */
const HISTORY_WORDS = /\b(?:sessions?|issues?)\s+#?\d+|\bhelper\s+sessions?\b/gi;

/** Each line of `text` that names history, as `line: text`. */
function historyLines(text: string): string[] {
  return text.split('\n').flatMap((line, i) => {
    HISTORY_WORDS.lastIndex = 0;
    return HISTORY_WORDS.test(line) ? [`${i + 1}: ${line.trim()}`] : [];
  });
}

// The examples are put together at run time, so this file does not name history itself.
const numbered = (word: string, n: number) => `${word} ${n}`;

describe('historyLines', () => {
  it('finds numbered sessions and issues and the sessions of helpers, in any case', () => {
    const text = [
      `measured in ${numbered('session', 18)}`,
      `the budget of ${numbered('Issue', 7)}`,
      `see ${numbered('issues', 36)} and 37`,
      `fixed in ${numbered('issue', 0).replace(' ', ' #')}`,
      `a ${['helper', 'session'].join(' ')} found it`,
      `${numbered('Sessions', 13)}-16 agreed`,
    ].join('\n');
    expect(historyLines(text).map((l) => l.split(':')[0])).toEqual(['1', '2', '3', '4', '5', '6']);
  });

  it("leaves the product's own words alone", () => {
    const text = [
      'the checkout session expires after 30 minutes',
      "the desk session's cookie is HttpOnly",
      'a session cookie, an issue with the card, a helper function',
      'ends the sign-in seven days later',
    ].join('\n');
    expect(historyLines(text)).toEqual([]);
  });
});

describe('tracked files', () => {
  it('name no numbered session or issue and no session of a helper', () => {
    const files = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' })
      .split('\0')
      .filter(Boolean);
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((file) => {
      let text: string;
      try {
        text = readFileSync(path.join(ROOT, file), 'utf8');
      } catch {
        return []; // deleted in the work tree but not yet from the index
      }
      if (text.includes('\0')) return []; // images and other binary files
      return historyLines(text).map((line) => `${file}:${line}`);
    });
    expect(found).toEqual([]);
  });
});
