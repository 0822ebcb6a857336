module.exports = { ...require('../jest.preset.js'), displayName: 'docs', rootDir: __dirname };
