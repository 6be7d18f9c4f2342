/** "Tell me when you're back" (docs/product/desk.md §10.14): the confirmation's instruction is next to its link. */
import { describe, expect, it } from 'vitest';
import { backInTouchConfirmationMail } from './back-in-touch-mail';

describe('the back-in-touch confirmation', () => {
  it('puts the link right after "To be told, confirm:", and "If this was not you" after the link', () => {
    const mail = backInTouchConfirmationMail('https://shop.test', 'aoife@example.ie', 't'.repeat(32));
    const lines = mail.text.split('\n').filter((l) => l.trim() !== '');
    const confirm = lines.indexOf('To be told, confirm:');
    expect(lines[confirm + 1]?.trim()).toMatch(/^https:\/\/shop\.test\/back-in-touch\/confirm\?token=t+$/);
    expect(lines[confirm + 2]).toMatch(/^If this was not you/);
    const html = mail.html;
    expect(html.indexOf('To be told, confirm:')).toBeLessThan(html.indexOf('Yes, tell me'));
    expect(html.indexOf('Yes, tell me')).toBeLessThan(html.indexOf('If this was not you'));
  });
});
