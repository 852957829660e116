module.exports = require('./jest/index.cjs')(__dirname);
