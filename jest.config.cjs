// All front-end unit tests in one jest run (each package also runs alone: `npm test -w <pkg>`).
module.exports = {
  projects: ['shared', 'shell', 'mf-content', 'mf-courses', 'mf-account', 'mf-payment', 'mf-editorial'].map(
    (p) => `<rootDir>/${p}/jest.config.cjs`,
  ),
  // Jest reads testTimeout from the run's own config, not from a project's: without this line the
  // projects' 15 s (shared/jest/index.cjs, why it is needed) fell back to jest's 5 s in this run.
  testTimeout: require('@qianyan/shared/jest')(__dirname).testTimeout,
};
