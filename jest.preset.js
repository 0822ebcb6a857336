// Shared jest preset: SWC transpiles TypeScript (with Nest's decorator metadata) and
// @platform/* imports resolve to library sources, so tests never need a prior build.
const path = require('node:path');

module.exports = {
  testEnvironment: 'node',
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', decorators: true, tsx: true },
          transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  moduleNameMapper: {
    '^@platform/([a-z-]+)$': path.join(__dirname, 'libs/$1/src/index.ts'),
  },
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '/e2e/', '/.next/'],
  // Suites create and migrate real databases; on a busy 2-core machine that alone can pass jest's
  // 5 s default. This bounds a hung test, it is not a speed target.
  testTimeout: 30_000,
};
