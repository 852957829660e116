// All front-end unit tests in one jest run (each package also runs alone: `npm test -w <pkg>`).
module.exports = {
  projects: ['shared', 'shell', 'mf-content', 'mf-courses', 'mf-account', 'mf-payment', 'mf-editorial'].map(
    (p) => `<rootDir>/${p}/jest.config.cjs`,
  ),
};
