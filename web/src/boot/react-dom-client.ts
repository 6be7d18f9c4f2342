/**
 * React DOM's client, evaluated in its own chunk (vite.config.ts puts this module, react-dom and scheduler
 * in "react-dom"). React DOM is CommonJS: its body runs where its exports are first read, so they are read
 * here, at this module's top level. The prerendered page's boot script (./page-scripts.ts) evaluates this
 * chunk one task before the app's entry, which splits starting the app into shorter main-thread tasks on a
 * slow phone (Lighthouse's Total Blocking Time).
 */
import * as client from 'react-dom/client';

export const { createRoot, hydrateRoot } = client;
