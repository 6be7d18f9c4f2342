// Pre-compress text assets at build time (brotli and gzip), so the server never compresses per request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const ROOT = process.argv[2] ?? 'dist/web';
// HTML is left out: the server fills in PUBLIC_URL and compresses each page once at start.
const TEXT = /\.(js|mjs|css|svg|json|txt|xml|webmanifest)$/;
let files = 0;
let before = 0;
let afterBr = 0;

function walk(dir: string): void {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) walk(full);
    else if (TEXT.test(name)) compress(full);
  }
}

function compress(file: string): void {
  const data = readFileSync(file);
  if (data.length < 512) return;
  const br = brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
  const gz = gzipSync(data, { level: 9 });
  writeFileSync(`${file}.br`, br);
  writeFileSync(`${file}.gz`, gz);
  files += 1;
  before += data.length;
  afterBr += br.length;
}

walk(ROOT);
console.log(
  `compress-assets: ${files} files, ${(before / 1024).toFixed(1)} KB -> ${(afterBr / 1024).toFixed(1)} KB brotli`,
);
