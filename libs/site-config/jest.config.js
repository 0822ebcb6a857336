module.exports = { ...require('../../jest.preset.js'), displayName: 'site-config', rootDir: __dirname };
