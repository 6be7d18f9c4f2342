/**
 * Puts the head script (./page-scripts.ts) into web/index.html, in development and in the build; the
 * prerenderer keeps it in every page it writes.
 */
import type { Plugin } from 'vite';
import { headScript } from './page-scripts';

/** Where web/index.html wants the head script. */
const MARKER = '<!--boot:head-script-->';

export function bootHeadScript(): Plugin {
  return {
    name: 'solas-boot-head-script',
    transformIndexHtml(html) {
      if (!html.includes(MARKER)) throw new Error(`index.html lacks the ${MARKER} marker`);
      return html.replace(MARKER, () => `<script>${headScript()}</script>`);
    },
  };
}
