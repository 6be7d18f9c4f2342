// No secret in the built front end (docs/security.md): run after the build in `npm test`.
//   tsx scripts/check-secrets.ts [dir=dist/web] [--require]
// Scans every file of the build (the .br/.gz copies decompressed too) for key-shaped strings (Stripe
// secret, restricted and webhook keys, private keys, SMTP URLs with a password, AWS keys) and for the
// literal values of secret-looking variables in the environment and in a .env file (ADMIN_TOKEN,
// *_SECRET, *_KEY, *_TOKEN, *_PASSWORD, SMTP_URL). Source maps and env files must not be there at all.
// Without a build it says so and exits 0, unless --require (npm test) makes that a failure.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

const args = process.argv.slice(2);
const required = args.includes('--require');
const dir = path.resolve(args.find((a) => !a.startsWith('--')) ?? 'dist/web');

const PATTERNS: readonly (readonly [label: string, pattern: RegExp])[] = [
  ['Stripe secret key', /\bsk_(?:live|test)_[A-Za-z0-9]{8,}/],
  ['Stripe restricted key', /\brk_(?:live|test)_[A-Za-z0-9]{8,}/],
  ['Stripe webhook secret', /\bwhsec_[A-Za-z0-9+/=]{8,}/],
  ['private key', /-----BEGIN (?:[A-Z]+ )*PRIVATE KEY-----/],
  ['URL with a password', /\b(?:smtps?|postgres(?:ql)?|mysql|redis|amqps?):\/\/[^\s:@/"'`]+:[^\s@/"'`]+@/],
  ['AWS access key', /\bAKIA[0-9A-Z]{16}\b/],
];

const SECRET_NAME = /(?:SECRET|TOKEN|PASSWORD|PASSWD|API_KEY|PRIVATE_KEY|_KEY$|^SMTP_URL$)/i;
/** Values too short or too common to search for without false alarms. */
const MIN_SECRET_LENGTH = 8;

/** Secret value -> the variable it came from. */
function secretValues(): Map<string, string> {
  const values = new Map<string, string>();
  const add = (name: string, raw: string | undefined) => {
    const value = String(raw ?? '').trim();
    if (SECRET_NAME.test(name) && value.length >= MIN_SECRET_LENGTH && !/^(true|false)$/i.test(value)) {
      values.set(value, name);
    }
  };
  for (const [name, value] of Object.entries(process.env)) add(name, value);
  for (const file of ['.env', '.env.local', '.env.production']) {
    if (!existsSync(file)) continue;
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      const m = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/.exec(line);
      if (m?.[1] && m[2] !== undefined) add(m[1], m[2].replace(/^(['"])(.*)\1$/, '$2'));
    }
  }
  // The token the end-to-end tests sign in with is a secret as far as the build is concerned.
  values.set('e2e-admin-token-0123456789abcdef0123', 'ADMIN_TOKEN (playwright.config.ts)');
  return values;
}

function walk(root: string, out: string[] = []): string[] {
  for (const name of readdirSync(root)) {
    const full = path.join(root, name);
    if (statSync(full).isDirectory()) walk(full, out);
    else out.push(full);
  }
  return out;
}

function contents(file: string): string {
  const raw = readFileSync(file);
  try {
    if (file.endsWith('.br')) return brotliDecompressSync(raw).toString('latin1');
    if (file.endsWith('.gz')) return gunzipSync(raw).toString('latin1');
  } catch {
    // Not really compressed: scan the bytes as they are.
  }
  return raw.toString('latin1');
}

if (!existsSync(dir)) {
  const message = `check-secrets: ${dir} does not exist (build first: npm run build)`;
  if (required) {
    console.error(message);
    process.exit(1);
  }
  console.log(`${message}; skipped`);
  process.exit(0);
}

const secrets = secretValues();
const findings: string[] = [];
const files = walk(dir);
let bytes = 0;
for (const file of files) {
  const rel = path.relative(dir, file);
  if (/\.map(\.br|\.gz)?$/.test(rel)) findings.push(`${rel}: source map in the public build`);
  if (/(^|\/)\.env/.test(rel)) findings.push(`${rel}: environment file in the public build`);
  const text = contents(file);
  bytes += text.length;
  for (const [label, re] of PATTERNS) {
    const m = re.exec(text);
    if (m) findings.push(`${rel}: ${label} (${m[0].slice(0, 12)}...)`);
  }
  for (const [value, name] of secrets) {
    if (text.includes(value)) findings.push(`${rel}: the value of ${name}`);
  }
}

if (findings.length > 0) {
  console.error(`check-secrets: ${findings.length} finding(s) in ${dir}:\n  ${findings.join('\n  ')}`);
  process.exit(1);
}
console.log(
  `check-secrets: ${files.length} files (${(bytes / 1024).toFixed(0)} KB) in ${dir}: no key patterns, none of ${secrets.size} secret values`,
);
