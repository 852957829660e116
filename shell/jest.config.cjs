const base = require('@qianyan/shared/jest')(__dirname);

module.exports = { ...base, setupFilesAfterEnv: [...base.setupFilesAfterEnv, require.resolve('./jest.lazy.cjs')] };
