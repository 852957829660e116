// Jest preset for shared and every remote: swc for TypeScript/TSX, jsdom, Testing Library.
const path = require('node:path');

module.exports = function jestConfig(dir) {
  return {
    displayName: path.basename(dir),
    rootDir: dir,
    testEnvironment: 'jsdom',
    testMatch: ['<rootDir>/src/**/*.test.ts?(x)'],
    transform: {
      '^.+\\.(t|j)sx?$': [
        '@swc/jest',
        { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } } } },
      ],
    },
    moduleNameMapper: {
      '\\.css$': path.join(__dirname, 'style-stub.cjs'),
      // @ant-design/icons 6's CommonJS build requires the ES module colors/es/generate; use its CJS twin.
      '^@ant-design/colors/es/(.*)$': '@ant-design/colors/lib/$1',
    },
    setupFiles: [path.join(__dirname, 'polyfills.cjs')],
    setupFilesAfterEnv: [path.join(__dirname, 'setup.cjs')],
    // Screens arrive as lazily loaded chunks; on a busy 2-core CI machine a first render can take
    // seconds, so a test gets 15 s (findBy* waits up to 5 s, see setup.cjs).
    testTimeout: 15_000,
  };
};
