/**
 * The pages an e-mail's link opens (the newsletter's, docs/product/states.md §5.10, the back-in-stock and
 * back-in-touch confirmations, the review request's), rendered on the server: they work without
 * JavaScript and never load the shop's app. A GET only shows a page with one button; the button's
 * POST confirms or unsubscribes. Link scanners of mail providers follow every link in an e-mail, so a GET
 * that acted would confirm addresses nobody confirmed (defeating the double opt-in) or unsubscribe people
 * who never asked; RFC 8058 says the same of unsubscribe links. Mail programs use the one-click POST.
 */
import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { BRAND } from '../../domain/config';
import { escapeHtml } from './layout';

// The shop's palette and type (web/src/styles.css), AA contrast, a visible focus ring.
const STYLE = `*{box-sizing:border-box}html{background:#fbf7f2;color:#2a1f23;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;line-height:1.5}body{margin:0}header{border-bottom:1px solid #e3d6c6;background:#fff;padding:1rem}header a{font-family:"Iowan Old Style","Palatino Linotype",Palatino,Georgia,serif;font-size:1.6rem;color:#6b1d35;text-decoration:none}main{max-width:36rem;margin:3rem auto;padding:0 1rem}section{background:#fff;border:1px solid #e3d6c6;border-radius:1.5rem;padding:2rem}h1{font-family:"Iowan Old Style","Palatino Linotype",Palatino,Georgia,serif;font-weight:600;font-size:1.8rem;margin:0 0 .75rem}p{margin:0 0 1rem}a{color:#6b1d35;text-underline-offset:3px}button{font:inherit;font-weight:600;min-height:3rem;padding:0 1.75rem;border:0;border-radius:999px;background:#6b1d35;color:#fbf7f2;cursor:pointer}button:hover{background:#531628}:focus-visible{outline:3px solid #6b1d35;outline-offset:3px}`;

const CSP = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(STYLE, 'utf8').digest('base64')}'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`;

function layout(title: string, main: string): string {
  return `<!doctype html>
<html lang="en-IE">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(title)}: ${escapeHtml(BRAND.name)}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>${STYLE}</style>
</head>
<body>
<header><a href="/">${escapeHtml(BRAND.name)}</a></header>
<main id="main">
<section aria-labelledby="page-title">
${main}
</section>
</main>
</body>
</html>
`;
}

/** A page that says something, with a link back to the shop. */
export function message(title: string, paragraphs: readonly string[]): string {
  return layout(
    title,
    `<h1 id="page-title">${escapeHtml(title)}</h1>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
<p><a href="/">Back to the shop</a></p>`,
  );
}

/** A page whose one button POSTs the link's token to `action`. */
export function actionForm(
  title: string,
  text: string,
  action: string,
  token: string,
  button: string,
): string {
  return layout(
    title,
    `<h1 id="page-title">${escapeHtml(title)}</h1>
<p>${escapeHtml(text)}</p>
<form method="post" action="${escapeHtml(action)}">
<input type="hidden" name="token" value="${escapeHtml(token)}">
<button type="submit">${escapeHtml(button)}</button>
</form>`,
  );
}

/**
 * The token is in these pages' URLs: no search engine keeps them (noindex), no cache stores them, and
 * their links send no Referer off the shop (same-origin, not no-referrer: the form's POST keeps its
 * Origin header, which the cross-site check reads).
 */
export function sendLinkPage(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply
    .code(status)
    .header('Content-Type', 'text/html; charset=utf-8')
    .header('Cache-Control', 'no-store')
    .header('X-Robots-Tag', 'noindex, nofollow')
    .header('Referrer-Policy', 'same-origin')
    .header('Content-Security-Policy', CSP)
    .send(html);
}

/** A urlencoded form body (the pages' forms) as fields. */
export function urlencoded(body: string): Record<string, string> {
  // A null-prototype object: a field called __proto__ is just a field.
  const out: Record<string, string> = Object.create(null);
  for (const [key, value] of new URLSearchParams(body)) out[key] = value;
  return out;
}
