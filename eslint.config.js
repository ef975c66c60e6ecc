import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { layersPlugin } from './tools/eslint-plugin-layers.js';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'apps/web/builds/**',
      'data/**',
      '**/.data*/**',
      'test-results/**',
      '**/playwright-report/**',
      'apps/server/src/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { layers: layersPlugin },
    rules: {
      'layers/imports': 'error',
      'layers/no-cycles': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    // every multipart body goes through readMultipart: busboy's own errors would be 500s (issue 13)
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/http/multipart.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@fastify/multipart',
              message:
                'Register it with registerMultipart and read bodies with readMultipart (src/http/multipart.ts).',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.object.name='request'][callee.property.name=/^(file|files|parts|saveRequestFiles)$/]",
          message:
            'Read a multipart body with readMultipart (src/http/multipart.ts): it answers every malformed body with a 4xx.',
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // index.html's early-requests script: a classic script in the browser (plain ES2017)
    files: ['apps/web/early-requests.js'],
    languageOptions: { globals: { ...globals.browser }, sourceType: 'script' },
    rules: {
      'no-empty': ['error', { allowEmptyCatch: true }],
      '@typescript-eslint/no-unused-vars': ['error', { caughtErrors: 'none' }],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'e2e/**', 'bench/**', 'tools/**', 'scripts/**', '.ci/**'],
    rules: { 'no-console': 'off' },
  },
);
