/**
 * Escapes text for HTML element content and quoted attribute values. The one escaper of every piece of
 * HTML the shop writes outside React: e-mails, the test checkout's pages, the prerendered heads.
 */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}
