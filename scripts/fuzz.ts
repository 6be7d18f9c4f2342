// `npm run fuzz`: the endpoint fuzz tests with many more requests than `npm test` runs.
//   FUZZ_RUNS  total requests (default 20000)
//   FUZZ_SEED  fast-check seed (default: a new random one, printed so that a failure can be replayed)
import { spawnSync } from 'node:child_process';

const runs = process.env.FUZZ_RUNS ?? '20000';
const seed = process.env.FUZZ_SEED ?? String(Math.floor(Math.random() * 2 ** 31));
console.log(`fuzz: FUZZ_RUNS=${runs} FUZZ_SEED=${seed}`);
const result = spawnSync('npx', ['vitest', 'run', 'server/security/fuzz.test.ts'], {
  stdio: 'inherit',
  env: { ...process.env, FUZZ_RUNS: runs, FUZZ_SEED: seed },
});
if (result.status !== 0)
  console.error(`fuzz failed; replay with FUZZ_RUNS=${runs} FUZZ_SEED=${seed} npm run fuzz`);
process.exit(result.status ?? 1);
