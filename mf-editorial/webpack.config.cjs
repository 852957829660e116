const { createConfig } = require('@qianyan/shared/webpack');

module.exports = (_env, argv) =>
  createConfig({ dir: __dirname, name: 'mf-editorial', exposes: { './app': './src/bootstrap.tsx' } }, argv);
