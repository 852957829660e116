module.exports = require('@qianyan/shared/jest')(__dirname);
