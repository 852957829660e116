const { createConfig } = require('@qianyan/shared/webpack');

module.exports = (_env, argv) =>
  createConfig(
    {
      dir: __dirname,
      name: 'shell',
      runtimePlugins: [require.resolve('./src/federation/fallbackPlugin.ts')],
    },
    argv,
  );
