/**
 * Content-Security-Policy for the shop's pages. Scripts: files from our own origin plus the exact
 * inline scripts each prerendered page carries (the head script of web/index.html, React's streaming
 * scripts, JSON-LD), allowed by their sha256 hashes, computed once when the pages are loaded. Never
 * 'unsafe-inline' or 'unsafe-eval' for scripts.
 *
 * Styles keep 'unsafe-inline' (docs/security.md): prerendered markup carries style attributes (the
 * price slider) and Radix's scroll lock injects a <style> element with computed values at run time,
 * which neither hashes nor a per-request nonce on cached, pre-compressed pages could allow. CSS cannot
 * run script; markup injection, the only way to abuse it, is what the script policy and React's
 * escaping already stop.
 */
import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';

/** Where Stripe Checkout lives; form-action allows it when Stripe is configured. */
export const STRIPE_CHECKOUT_ORIGIN = 'https://checkout.stripe.com';

/** API answers, files and anything that is not one of our HTML pages: nothing may load or frame it. */
export const NON_DOCUMENT_CSP =
  "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * The built-in test checkout's pages (and the guard's refusals on its form): its own script and
 * stylesheet only, its form posting back to the shop, never framed.
 */
export function testCheckoutPolicy(shopOrigin: string): string {
  return `default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; form-action 'self' ${shopOrigin}; frame-ancestors 'none'; base-uri 'none'`;
}

const SCRIPT_RE = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const SRC_ATTR_RE = /(?:^|\s)src\s*=/i;

function sha256(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/** The CSP source expression ('sha256-...') of every inline <script> in a page, de-duplicated. */
export function inlineScriptHashes(html: string): readonly string[] {
  const hashes = new Set<string>();
  for (const m of html.matchAll(SCRIPT_RE)) {
    if (SRC_ATTR_RE.test(m[1] ?? '')) continue;
    hashes.add(sha256(m[2] ?? ''));
  }
  return [...hashes];
}

export interface PagePolicyOptions {
  readonly scriptHashes: readonly string[];
  /** Stripe configured: its hosted checkout is a legitimate form target. */
  readonly stripe: boolean;
  /** PUBLIC_URL is https: ask the browser to upgrade any stray http:// subresource. */
  readonly https: boolean;
}

export function pagePolicy(o: PagePolicyOptions): string {
  const directives = [
    "default-src 'self'",
    ["script-src 'self'", ...o.scriptHashes].join(' '),
    "script-src-attr 'none'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    // The diagnostics tool shows the home page in a same-origin frame; nobody else may frame the shop.
    "frame-src 'self'",
    "frame-ancestors 'self'",
    o.stripe ? `form-action 'self' ${STRIPE_CHECKOUT_ORIGIN}` : "form-action 'self'",
    "object-src 'none'",
    "base-uri 'self'",
  ];
  if (o.https) directives.push('upgrade-insecure-requests');
  return directives.join('; ');
}

/**
 * The owner's order desk (/admin, docs/product/desk.md §10.10): our own scripts only (its page has no inline
 * script), data: images for the packing slips' QR codes, and stricter than the shop where the shop needs
 * room: no frames in or out (nobody may frame the desk to trick a click), forms post to the shop only.
 */
export function deskPolicy(o: { readonly scriptHashes: readonly string[]; readonly https: boolean }): string {
  const directives = [
    "default-src 'self'",
    ["script-src 'self'", ...o.scriptHashes].join(' '),
    "script-src-attr 'none'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "frame-src 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
    "object-src 'none'",
    "base-uri 'none'",
  ];
  if (o.https) directives.push('upgrade-insecure-requests');
  return directives.join('; ');
}

declare module 'fastify' {
  interface FastifyReply {
    /** A prerendered page's script hashes, for its policy (a reply decorator: headers.ts). */
    pageScripts: readonly string[] | null;
  }
}

/** Called by the route that sends a prerendered page: the security headers hook builds its policy. */
export function setPageScripts(reply: FastifyReply, scriptHashes: readonly string[]): void {
  reply.pageScripts = scriptHashes;
}

const NO_SCRIPTS: readonly string[] = [];

export function pageScriptsOf(reply: FastifyReply): readonly string[] {
  return reply.pageScripts ?? NO_SCRIPTS;
}
