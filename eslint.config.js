import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** Any relative import that climbs to the project's top and enters one of `folders`. */
function layer(folder, folders, message) {
  return [
    {
      files: [`${folder}/**/*.{ts,tsx}`],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            paths: [{ name: 'react-router', message: ROUTER_MESSAGE }],
            patterns: [{ regex: `^(\\.\\./)+(${folders.join('|')})/`, message }, ...factPatterns],
          },
        ],
      },
    },
  ];
}

const ROUTER_MESSAGE = "Import the router from 'react-router-dom' (one name for one package).";

/**
 * The owner's facts in the content modules are only their first version: pages, e-mails and
 * jobs read the published facts (`context.facts`, `useFacts()`); only client/facts/defaults.ts
 * reads these (docs/decisions/2026-11-28-shop-facts.md).
 */
const FACTS_MESSAGE =
  'A fact the owner publishes: read it from the published facts (context.facts, useFacts()), not the content module (only client/facts/defaults.ts may).';
const factPatterns = [
  ['business', ['business']],
  ['zones', ['zones']],
  ['booking', ['placesPerWindow', 'whatToBring']],
  ['holidays', ['jujuyDays', 'puenteDays']],
  ['privacy', ['privacy']],
].map(([module, importNames]) => ({
  regex: `(^|/)content/${module}(\\.ts)?$`,
  importNames,
  message: FACTS_MESSAGE,
}));

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'coverage/**', 'tests/.artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'react-router', message: ROUTER_MESSAGE }], patterns: factPatterns },
      ],
    },
  },
  // Who may import whom (docs/architecture.md): each folder names the top-level folders it
  // must not reach. `npm run lint` fails on a wrong-way import; tests/build/layers.int.test.ts
  // proves it.
  ...layer(
    'catalogue',
    ['client', 'server', 'cli', 'store', 'sheet'],
    'catalogue/ is a leaf: it imports nothing else of ours.',
  ),
  ...layer(
    'sheet',
    ['client', 'server', 'cli', 'store'],
    'sheet/ is a leaf beside catalogue/: it imports catalogue/ only (the CLI and the server read sheets with it).',
  ),
  ...layer(
    'store',
    ['client', 'server', 'cli', 'catalogue', 'sheet'],
    'store/ is a leaf: the server and the messages CLI both use it.',
  ),
  ...layer(
    'client',
    ['server', 'cli', 'store', 'sheet'],
    'client/ reaches the browser: no server code (secrets, files, mail), no CLI.',
  ),
  // cli/ may read client/facts/ (the facts' schema, checks, first version and changes in words,
  // pure modules without React): `npm run owner -- facts` checks what the panel checks.
  ...layer(
    'cli',
    ['server', 'client(?!/facts/)'],
    'cli/ uses catalogue/, sheet/, store/ and client/facts/ only: what it shares with the server lives there.',
  ),
  // The first version of the published facts: the one reader of the content modules' facts.
  {
    files: ['client/facts/defaults.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'react-router', message: ROUTER_MESSAGE }],
          patterns: [
            {
              regex: '^(\\.\\./)+(server|cli|store|sheet)/',
              message: 'client/ reaches the browser.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
);
