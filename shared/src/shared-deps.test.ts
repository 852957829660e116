// The Module Federation shared list every webpack config spreads (ARCHITECTURE §1, §3.4).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { sharedConfig, SHARED_SINGLETONS } = require('../webpack/index.cjs');

describe('shared dependencies', () => {
  it('shares the libraries of the architecture as singletons', () => {
    for (const dep of ['react', 'react-dom', 'react-router-dom', '@ant-design/cssinjs', 'jotai', 'axios', 'dayjs', 'single-spa', '@qianyan/shared/core']) {
      expect(SHARED_SINGLETONS).toContain(dep);
    }
    const config = sharedConfig();
    for (const dep of SHARED_SINGLETONS) {
      expect(config[dep]).toEqual({ singleton: true, requiredVersion: expect.stringMatching(/^\^\d+\.\d+\.\d+/) });
    }
  });

  it('lets each app bundle the antd components it imports (docs/decisions.md), never the whole library', () => {
    expect(SHARED_SINGLETONS).not.toContain('antd');
    expect(SHARED_SINGLETONS).not.toContain('@qianyan/shared');
  });
});
