module.exports = { ...require('../../jest.preset.js'), displayName: 'reservations', rootDir: __dirname };
