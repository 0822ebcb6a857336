module.exports = { ...require('../../jest.preset.js'), displayName: 'leads', rootDir: __dirname };
