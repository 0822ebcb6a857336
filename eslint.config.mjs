// One lint configuration for the whole workspace. Nx module boundaries keep dependencies
// pointing inward: apps (services, web) may import libs; libs/domain imports no other lib
// and no package but zod and luxon.
import nx from '@nx/eslint-plugin';

const boundaries = (domainImports) => [
  'error',
  {
    enforceBuildableLibDependency: false,
    allow: [],
    depConstraints: [
      { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:lib', 'type:domain'] },
      { sourceTag: 'type:lib', onlyDependOnLibsWithTags: ['type:lib', 'type:domain'] },
      { sourceTag: 'type:domain', onlyDependOnLibsWithTags: [], allowedExternalImports: domainImports },
    ],
  },
];
const DOMAIN_IMPORTS = ['zod', 'zod/*', 'luxon'];

export default [
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.next/**',
      '**/next-env.d.ts',
      '**/test-results/**',
      '**/playwright-report/**',
      '.nx/**',
    ],
  },
  ...nx.configs['flat/base'],
  ...nx.configs['flat/typescript'],
  {
    files: ['**/*.ts', '**/*.tsx'],
    rules: {
      '@nx/enforce-module-boundaries': boundaries(DOMAIN_IMPORTS),
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'error',
    },
  },
  {
    files: ['**/*.spec.ts', '**/*.spec.tsx', '**/e2e/**', 'bench/**', 'infra/**', '**/cli/**', '**/cli.ts'],
    rules: { 'no-console': 'off' },
  },
  {
    // The domain's tests may generate inputs with fast-check; its code still imports only zod and luxon.
    files: ['libs/domain/**/*.spec.ts'],
    rules: { '@nx/enforce-module-boundaries': boundaries([...DOMAIN_IMPORTS, 'fast-check']) },
  },
];
