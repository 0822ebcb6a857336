module.exports = { ...require('../../jest.preset.js'), displayName: 'seed', rootDir: __dirname };
