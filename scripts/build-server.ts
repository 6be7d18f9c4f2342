// `npm run build:server`: the server as one ES module (dist/server/shop.mjs) behind a small entry,
// dist/server/main.mjs, run by plain `node`.
//
// Why: under `node --import tsx` every module the server loads, its dependencies' included, is resolved
// and loaded through tsx's hooks, which on Node 20 run on a thread of their own and answer each module
// over a message port. That cost 1.3 of the 2.6 s a start took on a 2-core machine (the bundle run under
// the same hooks took as long as the sources). A start matters: a restart after a crash, a rolling deploy
// behind the load balancer, and the tests, which start the real server some forty times.
//
// The shop's own code is bundled (server/, domain/) with Kysely (BUNDLED_PACKAGES); other packages stay
// `import`s of node_modules, so the native ones (sharp) load as before. The bundle takes
// about 0.1 s to build, so `npm start`, `npm run serve`, the tests and the benchmarks build it every time
// and never run a stale one.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build as esbuild, type Plugin } from 'esbuild';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * What runs the server: `node dist/server/main.mjs`. A few lines written here (`entryModule`) that turn
 * the source maps on and then import the shop's code, bundled beside it as SHOP_MODULE_NAME.mjs with its
 * source map (`.map`).
 */
export const SERVER_BUNDLE = path.join(ROOT, 'dist/server/main.mjs');

/** The shop's own code (server/main.ts and all it imports from server/ and domain/), next to the entry. */
export const SHOP_MODULE_NAME = 'shop';

/** The photo worker's bundle, written next to the server's (the pipeline looks for it there). */
export const PHOTO_WORKER_NAME = 'photo-worker';

/**
 * Node options for running the server: none. The entry turns the source maps on itself, for the shop's
 * code only (`entryModule`).
 */
export const SERVER_NODE_ARGS = [] as const;

/**
 * The entry: error stacks name the TypeScript files and lines of the shop's code, as
 * `--enable-source-maps` made them, without its cost at every start. That flag also reads the source
 * map of every package file that names one, measures the lines of each such file, and maps the call
 * sites pino reads when each logger is made, which parses the bundle's whole map (3.4 MB): about 0.25 s
 * of CPU of a 1.6 to 2 s start. Only files loaded after the maps are turned on have theirs read, hence
 * a module of its own that imports the bundle afterwards. Node's compile cache (keyed by each file's
 * contents; nothing happens if it cannot be written) spares a later start the parsing of the same
 * modules: the server flushes it once it listens (server/main.ts), so a process killed after that has
 * left it too. It lives beside the bundle, in `dist/server/compile-cache/`, written by whoever built the
 * shop, never in the shared temporary directory Node would choose: V8 runs what it finds there, and any
 * other user of the machine may write to /tmp first. A read-only checkout simply compiles afresh. Node
 * 20 has neither call: it maps every file, as the flag did, and compiles afresh.
 */
function entryModule(): string {
  return `// Written by scripts/build-server.ts: source maps for the shop's own code, then the shop.
import module from 'node:module';
import path from 'node:path';

if (module.setSourceMapsSupport) module.setSourceMapsSupport(true, { nodeModules: false, generatedCode: false });
else process.setSourceMapsEnabled(true);
module.enableCompileCache?.(path.join(import.meta.dirname, 'compile-cache'));
await import('./${SHOP_MODULE_NAME}.mjs');
`;
}

/**
 * A few modules find files next to their source (`new URL('./x.css', import.meta.url)`). In the bundle,
 * `import.meta.url` is the bundle's own URL, so each use is rewritten to the URL of the module it was
 * written in, relative to the bundle: the files are found in the checkout as before, wherever it lives.
 */
function sourceRelativeImportMeta(bundleDir: string): Plugin {
  return {
    name: 'source-relative-import-meta-url',
    setup(b) {
      b.onLoad({ filter: /\.ts$/ }, async (args) => {
        if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
        const source = await readFile(args.path, 'utf8');
        if (!source.includes('import.meta.url')) return undefined;
        const relative = path.relative(bundleDir, args.path).split(path.sep).join('/');
        return {
          contents: source.replaceAll(
            'import.meta.url',
            `new URL(${JSON.stringify(relative)}, import.meta.url).href`,
          ),
          loader: 'ts',
        };
      });
    },
  };
}

/**
 * The packages bundled in with the shop's code, where every other stays an import of node_modules.
 * Kysely is some 450 small ES modules, each resolved, read, linked and evaluated at every start: loaded
 * from node_modules it took 130 to 230 ms of CPU, bundled about a sixth of that. Pure JavaScript that
 * reads no file of its own, and no package the server loads from node_modules imports it: there is one
 * copy of it in the process.
 */
const BUNDLED_PACKAGES: ReadonlySet<string> = new Set(['kysely']);

/** Bare imports (`pino`, `@fastify/static`, `zod/mini`) stay external unless their package is bundled. */
function packagesExternalExcept(bundled: ReadonlySet<string>): Plugin {
  return {
    name: 'packages-external-except',
    setup(b) {
      b.onResolve({ filter: /^[^./]/ }, (args) => {
        if (path.isAbsolute(args.path)) return undefined;
        const parts = args.path.split('/');
        const name = args.path.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
        return name !== undefined && bundled.has(name) ? undefined : { external: true };
      });
    },
  };
}

const built = new Map<string, Promise<string>>();

/**
 * Bundles server/main.ts beside `outfile` (SERVER_BUNDLE unless given), its entry, once per process: the tests and the
 * benchmarks start many servers from one fresh build. Written to a temporary name and renamed, so a
 * server starting from the same file meanwhile (another test run) reads a whole one.
 */
export function buildServer(outfile: string = SERVER_BUNDLE): Promise<string> {
  let build = built.get(outfile);
  if (!build) {
    build = bundle(outfile);
    built.set(outfile, build);
  }
  return build;
}

async function bundle(outfile: string): Promise<string> {
  const dir = path.dirname(outfile);
  const result = await esbuild({
    absWorkingDir: ROOT,
    // The photo worker (server/media/photo-pipeline.ts) runs in a thread of its own, from its own file
    // next to the bundle.
    entryPoints: {
      [SHOP_MODULE_NAME]: path.join(ROOT, 'server/main.ts'),
      [PHOTO_WORKER_NAME]: path.join(ROOT, 'server/media/photo-worker.ts'),
      // And so does SQLite's checkpointer under load (server/db/checkpointer.ts).
      'checkpoint-worker': path.join(ROOT, 'server/db/checkpoint-worker.ts'),
      // `npm run owner:reset`'s script, which its test runs as a process many times: from the bundle a
      // run takes about a third of the CPU it takes through tsx.
      'owner-reset': path.join(ROOT, 'scripts/owner-reset.ts'),
    },
    outdir: dir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    // package.json's engines.
    target: 'node20.19',
    sourcemap: 'linked',
    // No keepNames: it wrapped every function the server creates, closures included, in a call that
    // redefines its `name` (2.3% of a checkout's CPU, bench:api --profile). Classes keep their names
    // anyway (no two share one), so the logs' error types are unchanged; a helper function that shares
    // its name with another module's may show as `row2` in a stack, which the source map points home.
    keepNames: false,
    write: false,
    logLevel: 'warning',
    plugins: [packagesExternalExcept(BUNDLED_PACKAGES), sourceRelativeImportMeta(dir)],
  });
  mkdirSync(dir, { recursive: true });
  const suffix = `.${process.pid}.${Date.now()}.tmp`;
  // The map first: a bundle renamed into place always finds its map.
  const isMap = (file: { path: string }) => file.path.endsWith('.map');
  for (const file of [...result.outputFiles.filter(isMap), ...result.outputFiles.filter((f) => !isMap(f))]) {
    writeFileSync(file.path + suffix, file.contents);
    renameSync(file.path + suffix, file.path);
  }
  // And the entry last: it finds the shop's module in place.
  writeFileSync(outfile + suffix, entryModule());
  renameSync(outfile + suffix, outfile);
  return outfile;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  await buildServer();
  console.log(
    `server bundle: ${path.relative(ROOT, SERVER_BUNDLE)} in ${Math.round(performance.now() - started)} ms`,
  );
}
