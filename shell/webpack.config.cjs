const fs = require('node:fs');
const path = require('node:path');
const { createConfig } = require('@qianyan/shared/webpack');

const { InjectManifest } = require('workbox-webpack-plugin');

/**
 * Copies files to the output as they are: the route table (the server reads it to hint the current
 * route's remote), the web app manifest and its icons.
 */
class CopyFilesPlugin {
  /** @param {Record<string, string>} files output name → source path */
  constructor(files) {
    this.files = files;
  }
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('CopyFilesPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'CopyFilesPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        for (const [name, file] of Object.entries(this.files)) {
          compilation.fileDependencies.add(file);
          compilation.emitAsset(name, new sources.RawSource(fs.readFileSync(file)));
        }
      });
    });
  }
}

const publicFile = (name) => path.join(__dirname, 'public', name);
const icons = fs.readdirSync(publicFile('icons')).map((name) => `icons/${name}`);

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
  config.plugins.push(
    new CopyFilesPlugin({
      'routes.json': path.join(__dirname, 'src/routes.json'),
      'manifest.webmanifest': publicFile('manifest.webmanifest'),
      ...Object.fromEntries(icons.map((name) => [name, publicFile(name)])),
    }),
  );
  if (config.mode === 'production') {
    // The service worker (sw/sw.ts), with the shell's own scripts and styles to precache. Remotes'
    // files are kept as pages load them (each release has its own addresses), not precached here.
    config.plugins.push(
      new InjectManifest({
        swSrc: path.join(__dirname, 'sw/sw.ts'),
        swDest: 'sw.js',
        include: [/\.(js|css)$/],
        exclude: [/\.map$/, /^sw\.js$/, /\.(br|gz)$/],
        // The shell's lazy chunks (the login dialog's antd among them) are large; they are kept too.
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      }),
    );
  }
  return config;
};
