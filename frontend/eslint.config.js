// Flat config. Besides the usual TypeScript and hooks rules it keeps the folders' direction of
// dependency: shared code (components, lib, types, locales) imports no feature and not the app,
// and a feature imports no other feature; only src/app composes features.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// Going up two folders or more with a relative path would let a file reach around these rules.
const noDeepRelative = { regex: '^\\.\\./\\.\\./', message: 'Import through the @/ alias instead of ../../.' };

export default tseslint.config(
  { ignores: ['dist', 'dist-server', 'test-results', 'node_modules', 'coverage'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  reactHooks.configs.flat['recommended-latest'],
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-restricted-imports': ['error', { patterns: [noDeepRelative] }],
    },
  },
  {
    files: ['src/components/**', 'src/lib/**', 'src/types/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noDeepRelative,
            { regex: '^@/(features|app)(/|$)', message: 'Shared code must not depend on features or the app.' },
          ],
        },
      ],
    },
  },
  ...features.map((feature) => ({
    files: [`src/features/${feature}/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noDeepRelative,
            { regex: `^@/features/(?!${feature}/)`, message: 'Features do not import each other; compose them in src/app.' },
            { regex: '^@/app(/|$)', message: 'Features do not import the app.' },
          ],
        },
      ],
    },
  })),
  {
    files: ['**/*.test.{ts,tsx}', 'src/testing/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noDeepRelative] }] },
  },
  {
    files: ['scripts/**', 'e2e/**', 'e2e-proxy/**', '*.config.{js,ts}'],
    languageOptions: { globals: globals.node },
  },
  {
    // Browser tests pass functions to the page.
    files: ['e2e/**', 'e2e-proxy/**'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
);
