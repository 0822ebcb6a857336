module.exports = { ...require('../../jest.preset.js'), displayName: 'search', rootDir: __dirname };
