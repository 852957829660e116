// One webpack configuration for the shell and every remote (ARCHITECTURE §3.4), so the shared
// singletons, loaders and output rules cannot drift between apps.
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');

/** Libraries every app shares as singletons (one React, one router, one store…). */
const SHARED_SINGLETONS = [
  'react',
  'react-dom',
  'react-dom/client',
  'react/jsx-runtime',
  'react-router-dom',
  'antd',
  '@ant-design/cssinjs',
  'jotai',
  'axios',
  'dayjs',
  'single-spa',
  '@qianyan/shared',
];

/** Ports of `npm run dev`; the server (API) runs on DEV_API_PORT. */
const DEV_PORTS = {
  shell: 8080,
  'mf-content': 8081,
  'mf-courses': 8082,
  'mf-account': 8083,
  'mf-payment': 8084,
};
const DEV_API_PORT = 8090;

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

function sharedConfig() {
  return Object.fromEntries(
    SHARED_SINGLETONS.map((dep) => [dep, { singleton: true, requiredVersion: `^${versionOf(dep)}` }]),
  );
}

/**
 * @param {object} o
 * @param {string} o.dir        the app's package directory (__dirname of its webpack.config)
 * @param {string} o.name       package folder name: 'shell', 'mf-content', …
 * @param {Record<string,string>} [o.exposes]
 * @param {string} [o.entry]    standalone / root entry (default ./src/index.ts)
 * @param {string[]} [o.runtimePlugins]
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
        { test: /\.css$/, use: ['style-loader', 'css-loader'] },
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
      }),
      new HtmlWebpackPlugin({
        template: path.join(o.dir, 'public/index.html'),
        chunks: ['main'],
      }),
    ],
    performance: { hints: false },
    stats: 'errors-warnings',
    devServer: {
      port: DEV_PORTS[o.name],
      historyApiFallback: true,
      hot: false,
      liveReload: true,
      headers: { 'Access-Control-Allow-Origin': '*' },
      // In dev the shell answers /remotes.json itself, pointing at each remote's dev server.
      setupMiddlewares: (middlewares, devServer) => {
        if (o.name === 'shell') {
          devServer.app.get('/remotes.json', (_req, res) => {
            res.set('Cache-Control', 'no-cache');
            res.json(devRemotesJson());
          });
        }
        return middlewares;
      },
      proxy: [
        {
          context: ['/api', '/index.php', '/dev', '/uploads', '/media'],
          target: `http://127.0.0.1:${DEV_API_PORT}`,
        },
      ],
    },
  };
}

module.exports = { createConfig, sharedConfig, devRemotesJson, SHARED_SINGLETONS, DEV_PORTS, DEV_API_PORT };
