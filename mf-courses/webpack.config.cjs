const { createConfig } = require('@qianyan/shared/webpack');

module.exports = (_env, argv) =>
  createConfig(
    {
      dir: __dirname,
      name: 'mf-courses',
      exposes: { './app': './src/bootstrap.tsx', './EditingClassBlock': './src/editing-class/exposed.tsx' },
    },
    argv,
  );
