module.exports = { ...require('../../jest.preset.js'), displayName: 'stock', rootDir: __dirname };
