/**
 * Loaded with `--import` by `npm test`: in the test runner it names the run, so every test file it
 * starts shares one seeded template (see seededDatabase.ts), and removes that template when the run
 * ends. In each test file's own process the name is already set and nothing more happens.
 */
if (!process.env.QY_TEST_RUN) {
  process.env.QY_TEST_RUN = `${Date.now()}r${process.pid}`;
  process.once('beforeExit', async () => {
    const { removeRunTemplates } = await import('./seededDatabase.js');
    await removeRunTemplates(process.env.TEST_DATABASE_URL);
  });
}
