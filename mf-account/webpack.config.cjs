const { createConfig } = require('@qianyan/shared/webpack');

module.exports = (_env, argv) =>
  createConfig({ dir: __dirname, name: 'mf-account', exposes: { './app': './src/bootstrap.tsx' } }, argv);
