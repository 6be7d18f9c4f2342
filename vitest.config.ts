import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    include: ['domain/**/*.test.ts', 'web/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'scripts/**/*.test.ts'],
    setupFiles: ['./tests/setup/vitest-setup.ts'],
    environment: 'node',
    // Component tests opt into a DOM with `// @vitest-environment jsdom` at the top of the file.
    restoreMocks: true,
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
