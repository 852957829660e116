const fs = require('node:fs');
const path = require('node:path');
const { createConfig } = require('@qianyan/shared/webpack');

/** Copies the route table to the output: the server reads it to hint the current route's remote. */
class RouteTablePlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    const file = path.join(__dirname, 'src/routes.json');
    compiler.hooks.thisCompilation.tap('RouteTablePlugin', (compilation) => {
      compilation.fileDependencies.add(file);
      compilation.hooks.processAssets.tap({ name: 'RouteTablePlugin', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        compilation.emitAsset('routes.json', new sources.RawSource(fs.readFileSync(file)));
      });
    });
  }
}

module.exports = (_env, argv) => {
  const config = createConfig(
    {
      dir: __dirname,
      name: 'shell',
      // index.html preloads the shell's scripts and starts them once the page has painted.
      htmlInject: false,
      runtimePlugins: [require.resolve('./src/federation/fallbackPlugin.ts')],
    },
    argv,
  );
  config.plugins.push(new RouteTablePlugin());
  return config;
};
