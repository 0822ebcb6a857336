const preset = require('../jest.preset.js');

module.exports = {
  ...preset,
  displayName: 'web',
  rootDir: __dirname,
  // d3's packages ship only ES modules (.mjs); SWC turns them into CommonJS like the sources.
  transform: {
    ...preset.transform,
    '^.+\\.mjs$': preset.transform['^.+\\.(t|j)sx?$'],
  },
  transformIgnorePatterns: ['/node_modules/(?!(d3-[a-z-]+|internmap)/)'],
  moduleNameMapper: { ...preset.moduleNameMapper, '^@/(.*)$': '<rootDir>/$1' },
};
