const { createConfig } = require('@qianyan/shared/webpack');

module.exports = (_env, argv) =>
  createConfig({ dir: __dirname, name: 'mf-payment', exposes: { './app': './src/bootstrap.tsx', './SubscriptionPanel': './src/subscription/exposed.tsx' } }, argv);
