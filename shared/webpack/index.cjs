// One webpack configuration for the shell and every remote (ARCHITECTURE §3.4), so the shared
// singletons, loaders and output rules cannot drift between apps.
const fs = require('node:fs');
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const zlib = require('node:zlib');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');

/**
 * Writes a brotli (.br) and a gzip (.gz) twin beside every text asset of 1 KB or more, at the end of
 * a production build, so the server sends them precompressed (@fastify/static `preCompressed`).
 * Both are deterministic (no timestamps), so a rebuild of the same sources releases the same files.
 */
class PrecompressPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('PrecompressPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'PrecompressPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER },
        (assets) => {
          for (const [name, source] of Object.entries(assets)) {
            if (!/\.(js|css|json|html|svg)$/.test(name)) continue;
            const buffer = source.buffer();
            if (buffer.length < 1024) continue;
            const br = zlib.brotliCompressSync(buffer, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: buffer.length,
              },
            });
            const gz = zlib.gzipSync(buffer, { level: 9 });
            const info = { compressed: true, development: true };
            if (br.length < buffer.length) compilation.emitAsset(`${name}.br`, new sources.RawSource(br), info);
            if (gz.length < buffer.length) compilation.emitAsset(`${name}.gz`, new sources.RawSource(gz), info);
          }
        },
      );
    });
  }
}

/**
 * Copies the app's src/pageHeads.json (route → { title, intro }) to its output as page-heads.json:
 * the server draws those headings in the first view before the app's scripts run, from the live
 * release's own file, so a new release's wording shows at once and the server copies no app text.
 */
class PageHeadsPlugin {
  constructor(file) {
    this.file = file;
  }
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('PageHeadsPlugin', (compilation) => {
      compilation.fileDependencies.add(this.file);
      compilation.hooks.processAssets.tap({ name: 'PageHeadsPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        compilation.emitAsset('page-heads.json', new sources.RawSource(fs.readFileSync(this.file)));
      });
    });
  }
}

/**
 * Libraries every app shares as singletons (one React, one router, one store…). Each is a lazy
 * shared module: loaded once, by the first app that needs it.
 *
 * antd is deliberately absent: a shared module is emitted whole (all of antd, ~430 KB gzipped),
 * while an app that bundles its own antd gets only the components it imports. Its style cache
 * (@ant-design/cssinjs) stays shared, so every app's antd writes into one set of style tags, and
 * each app renders inside its own ConfigProvider (AppProviders / ThemeScope) with the same theme.
 * '@qianyan/shared/core' is the stateful half of @qianyan/shared (one session store); the package's
 * main entry re-exports it beside the antd-based UI, which each app bundles.
 */
const SHARED_SINGLETONS = [
  'react',
  'react-dom',
  'react-dom/client',
  'react/jsx-runtime',
  'react-router-dom',
  '@ant-design/cssinjs',
  'jotai',
  'axios',
  'dayjs',
  'single-spa',
  '@qianyan/shared/core',
];

/**
 * Ports of `npm run dev`, from QY_DEV_PORT (default 3000): the shell on it, the remotes on the next
 * five, the API 90 above. Away from `npm start`'s 8080, so both run side by side; move them all with
 * QY_DEV_PORT when something else has them.
 */
const DEV_BASE_PORT = Number(process.env.QY_DEV_PORT) || 3000;
const DEV_PORTS = {
  shell: DEV_BASE_PORT,
  'mf-content': DEV_BASE_PORT + 1,
  'mf-courses': DEV_BASE_PORT + 2,
  'mf-account': DEV_BASE_PORT + 3,
  'mf-payment': DEV_BASE_PORT + 4,
  'mf-editorial': DEV_BASE_PORT + 5,
};
const DEV_API_PORT = DEV_BASE_PORT + 90;
/**
 * Where the dev servers send /api and the server's other paths: the dev API, or QY_DEV_API (for
 * example npm start's http://127.0.0.1:8080, to run a remote alone against an already running site).
 */
const DEV_API = process.env.QY_DEV_API || `http://127.0.0.1:${DEV_API_PORT}`;

function devRemotesJson() {
  return Object.fromEntries(
    Object.entries(DEV_PORTS)
      .filter(([name]) => name !== 'shell')
      .map(([name, port]) => [name, `http://localhost:${port}/mf-manifest.json`]),
  );
}

function versionOf(dep) {
  const root = dep.startsWith('@') ? dep.split('/').slice(0, 2).join('/') : dep.split('/')[0];
  return require(`${root}/package.json`).version;
}

/**
 * Shared singletons whose provided module is a slimmer one than the package's main entry, named by a
 * package request (an export of @qianyan/shared), never by a file path: the federation plugin builds
 * a shared module given by path into every compilation, html-webpack-plugin's template compilation
 * included, which then wrote a second copy of it to the output (an unused file in each production
 * build, and in development a file named like the app's own copy: "Conflict: Multiple assets emit
 * different content to the same filename shared_webpack_react-router-dom_mjs.js"). A module named
 * by request is built only where an app imports it, like every other shared library.
 */
const SHARED_IMPORTS = {
  'react-router-dom': '@qianyan/shared/react-router-dom',
};

/**
 * Shared singletons whose version is a contract between the shell and the remotes: a remote needing
 * a newer one than the live shell provides must not run against the older one. A release that needs
 * it is refused (scripts/lib/releases.mjs); at run time the remote fails to load and shows its
 * retryable message instead of calling a function the shell's copy does not have.
 */
const STRICT_SINGLETONS = new Set(['@qianyan/shared/core']);

function sharedConfig() {
  return Object.fromEntries(
    SHARED_SINGLETONS.map((dep) => [
      dep,
      {
        singleton: true,
        requiredVersion: `^${versionOf(dep)}`,
        ...(STRICT_SINGLETONS.has(dep) ? { strictVersion: true } : {}),
        // A slimmer module than the package's own carries the package's version explicitly (the
        // federation plugin cannot read one from a local file).
        ...(SHARED_IMPORTS[dep] ? { import: SHARED_IMPORTS[dep], version: versionOf(dep) } : {}),
      },
    ]),
  );
}

/** The page a remote runs in alone (npm run dev) when it has no public/index.html of its own. */
function standalonePage(name) {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" /><title>${name} · 千言医学（独立运行）</title></head>
<body style="margin:0;background:#f5f6f8"><main id="qy-main"></main></body></html>
`;
}

/**
 * @param {object} o
 * @param {string} o.dir        the app's package directory (__dirname of its webpack.config)
 * @param {string} o.name       package folder name: 'shell', 'mf-content', …
 * @param {Record<string,string>} [o.exposes]
 * @param {string} [o.entry]    standalone / root entry (default ./src/index.ts)
 * @param {string[]} [o.runtimePlugins]
 * @param {boolean} [o.htmlInject] false: the page's template writes its own script tags (the shell's
 *                              index.html starts its scripts after the first paint)
 */
function createConfig(o, argv = {}) {
  const mode = argv.mode || process.env.NODE_ENV || 'production';
  const prod = mode === 'production';
  const mfName = o.name.replace(/-/g, '_');
  return {
    mode,
    context: o.dir,
    entry: { main: o.entry || './src/index.ts' },
    devtool: prod ? 'source-map' : 'eval-cheap-module-source-map',
    output: {
      path: path.join(o.dir, 'dist'),
      // The shell is served at the site root; remotes resolve their chunks from their own manifest URL.
      publicPath: o.name === 'shell' ? '/' : 'auto',
      filename: prod ? '[name].[contenthash:8].js' : '[name].js',
      chunkFilename: prod ? '[name].[contenthash:8].js' : '[name].js',
      uniqueName: mfName,
      clean: true,
    },
    resolve: { extensions: ['.tsx', '.ts', '.js', '.jsx', '.json'] },
    module: {
      rules: [
        {
          test: /\.[jt]sx?$/,
          exclude: /node_modules/,
          use: {
            loader: 'swc-loader',
            options: {
              jsc: {
                parser: { syntax: 'typescript', tsx: true },
                transform: { react: { runtime: 'automatic', development: !prod } },
                target: 'es2020',
              },
            },
          },
        },
        // No CSS source maps in production: css-loader would put each stylesheet into the bundle a
        // second time (the map's sourcesContent), which every page's first view would download.
        { test: /\.css$/, use: ['style-loader', { loader: 'css-loader', options: { sourceMap: !prod } }] },
        { test: /\.(png|jpe?g|svg|gif|webp)$/, type: 'asset', parser: { dataUrlCondition: { maxSize: 4096 } } },
      ],
    },
    plugins: [
      new ModuleFederationPlugin({
        name: mfName,
        filename: 'remoteEntry.js',
        exposes: o.exposes || {},
        shared: sharedConfig(),
        shareStrategy: 'loaded-first',
        runtimePlugins: o.runtimePlugins || [],
        manifest: true,
        dts: false,
        // One copy of the federation runtime per page: in production the shell provides it and each
        // remoteEntry uses it instead of carrying its own (~27 KB gzipped each). A development
        // build keeps it inside every remote, so a remote still runs alone (npm run dev).
        // The runtime is built for the browser only and without its manifest ("snapshot") support:
        // the shell registers each remote by its remoteEntry.js (bootstrap.ts), and the server's
        // preload hints, read from the manifest on disk, stand in for the runtime's own preloading.
        experiments: {
          optimization: { disableSnapshot: true, target: 'web' },
          ...(prod ? (o.name === 'shell' ? { provideExternalRuntime: true } : { externalRuntime: true }) : {}),
        },
      }),
      new HtmlWebpackPlugin({
        ...(fs.existsSync(path.join(o.dir, 'public/index.html'))
          ? { template: path.join(o.dir, 'public/index.html') }
          : { templateContent: standalonePage(o.name) }),
        chunks: ['main'],
        inject: o.htmlInject ?? 'head',
        // The page is served on every route of the app (nested ones too: /qrcode-member-ali-pay/…,
        // /wechat/wxlogin), so its scripts are named from the site root; a remote's chunks still
        // resolve from its own script's URL (output.publicPath 'auto').
        publicPath: '/',
      }),
      ...(fs.existsSync(path.join(o.dir, 'src/pageHeads.json')) ? [new PageHeadsPlugin(path.join(o.dir, 'src/pageHeads.json'))] : []),
      ...(prod ? [new PrecompressPlugin()] : []),
    ],
    performance: { hints: false },
    stats: 'errors-warnings',
    devServer: {
      port: DEV_PORTS[o.name],
      historyApiFallback: true,
      hot: false,
      liveReload: true,
      headers: { 'Access-Control-Allow-Origin': '*' },
      // In dev every app's server answers /remotes.json itself, pointing at each remote's dev server:
      // the shell loads the remotes from it, a remote running alone the widgets other remotes expose.
      setupMiddlewares: (middlewares, devServer) => {
        devServer.app.get('/remotes.json', (_req, res) => {
          res.set('Cache-Control', 'no-cache');
          res.json(devRemotesJson());
        });
        return middlewares;
      },
      proxy: [
        {
          context: ['/api', '/index.php', '/dev', '/uploads', '/media'],
          target: DEV_API,
        },
      ],
    },
  };
}

module.exports = { createConfig, PrecompressPlugin, SHARED_IMPORTS, sharedConfig, devRemotesJson, SHARED_SINGLETONS, DEV_PORTS, DEV_API_PORT };
