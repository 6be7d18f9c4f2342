/**
 * Vitest's global setup: when the run ends, drops the PostgreSQL test databases it left (each test worker's
 * spare copy of the template, tests/support/test-database.ts). The workers are threads of this process, so
 * their databases carry its pid.
 */
import { dropTestDatabasesOf } from '../support/test-database';

export default function setup(): () => Promise<void> {
  return () => dropTestDatabasesOf(process.pid);
}
