import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '.plaza/**',
      'packages/server/drizzle/**',
      'bench/results/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        URLSearchParams: 'readonly',
        fetch: 'readonly',
        Buffer: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        performance: 'readonly',
        Blob: 'readonly',
        window: 'readonly',
        document: 'readonly',
        localStorage: 'readonly',
        navigator: 'readonly',
        Headers: 'readonly',
        Response: 'readonly',
        Request: 'readonly',
        AbortController: 'readonly',
        structuredClone: 'readonly',
        crypto: 'readonly',
        TextEncoder: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
  {
    // Type-aware rules (floating promises, unsafe any, awaits of non-promises) where the types are whole: each folder
    // has a tsconfig.json that the project service finds next to the file.
    files: [
      'packages/contracts/**/*.ts',
      'packages/sdk/**/*.ts',
      'packages/react/**/*.{ts,tsx}',
      'e2e/**/*.ts',
      'packages/server/**/*.ts',
      'apps/web/**/*.{ts,tsx}',
    ],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['packages/sdk/vitest.config.ts', 'packages/server/vitest.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      // A URL or its search params in a template is the URL's text, which is what every such template means.
      '@typescript-eslint/restrict-template-expressions': [
        'error',
        {
          allowNumber: true,
          allow: [
            { from: 'lib', name: ['URL', 'URLSearchParams'] },
            { from: 'package', package: 'url', name: ['URL', 'URLSearchParams'] },
          ],
        },
      ],
    },
  },
  {
    // Fastify's hooks and handlers, and the modules' hooks, have one promise shape: an implementation that needs no
    // await stays `async` rather than switching to Promise.resolve.
    files: ['packages/server/**/*.ts'],
    rules: { '@typescript-eslint/require-await': 'off' },
  },
  {
    // React ignores what an event handler returns: an async onClick or onSubmit is the normal way to run an action.
    files: ['apps/web/**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }] },
  },
  {
    files: [
      'packages/sdk/test/**/*.ts',
      'packages/react/test/**/*.{ts,tsx}',
      'packages/server/**/*.test.ts',
      'packages/server/test/**/*.ts',
      'apps/web/**/*.test.{ts,tsx}',
    ],
    rules: {
      // A fake of an async API keeps its promise shape as `async () => value`.
      '@typescript-eslint/require-await': 'off',
      // Vitest's asymmetric matchers (expect.any, expect.stringMatching) are typed `any` inside an expected object.
      '@typescript-eslint/no-unsafe-assignment': 'off',
    },
  },
  {
    // These files call what must not type-check, under @ts-expect-error, to prove the SDK's types refuse it.
    files: ['packages/sdk/test/types/*.check.ts'],
    rules: { '@typescript-eslint/no-unsafe-call': 'off' },
  },
  {
    // The rules of hooks, and effects that name what they read (an effect that must not re-run for a value reads it
    // through useEffectEvent).
    files: ['apps/web/src/**/*.{ts,tsx}', 'packages/react/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // Browser code takes values from '@plaza/contracts/constants': a value from the root pulls every TypeBox schema
    // into the bundle (types from the root are fine, they are erased).
    files: ['apps/web/src/**', 'packages/sdk/src/**', 'packages/react/src/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@plaza/contracts',
              allowTypeImports: true,
              message: "Import values from '@plaza/contracts/constants'.",
            },
          ],
        },
      ],
    },
  },
  {
    // Browser journeys: a locator's name matches exactly or is a RegExp. Playwright's default is a case-insensitive
    // substring, so 'Tips' also matches 'Tips at checkout' once that renders: a race that passes or fails by timing.
    files: ['e2e/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.property.name='getByRole'] > ObjectExpression:has(Property[key.name='name']:not([value.regex])):not(:has(Property[key.name='exact']))",
          message: 'A getByRole name needs `exact: true` (or a RegExp): a substring also matches longer names.',
        },
        {
          selector:
            "CallExpression[callee.property.name=/^getBy(Text|Label|Placeholder|Title|AltText)$/][arguments.0.type!='ObjectExpression']:not([arguments.0.regex]):not(:has(Property[key.name='exact']))",
          message: 'Pass `{ exact: true }` (or a RegExp): a substring also matches longer texts.',
        },
        {
          selector: "CallExpression[callee.property.name='waitForTimeout']",
          message: 'Wait for the state the step needs (a request answered, a count shown), never for time.',
        },
      ],
    },
  },
);
