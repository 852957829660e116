import { defineConfig } from 'drizzle-kit';

// Only `drizzle-kit generate` uses this file: migrations are written to ./drizzle, committed,
// and applied at start by the pglite or node-postgres migrator (src/db/client.ts).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './drizzle',
});
