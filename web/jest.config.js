module.exports = {
  ...require('../jest.preset.js'),
  displayName: 'web',
  rootDir: __dirname,
  moduleNameMapper: { ...require('../jest.preset.js').moduleNameMapper, '^@/(.*)$': '<rootDir>/$1' },
};
