// ESLint (flat config): type-aware TypeScript rules, React hooks, JSX accessibility; Prettier owns the
// formatting (eslint-config-prettier turns off the rules that would fight it). `npm run lint` runs both.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist/', 'dist-*/', 'dist.*/', 'bench/', 'node_modules/', 'test-results/', '.tmp/', 'content/public/'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // A leading underscore marks a value taken apart on purpose and not used (`node: _node`).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
    },
  },
  // Plain JavaScript files carry no types: the rules that read types do not apply to them.
  { files: ['**/*.{js,mjs}'], ...tseslint.configs.disableTypeChecked },
  { files: ['src/**/*.tsx'], ...jsxA11y.flatConfigs.recommended },
  {
    files: ['src/**/*.tsx'],
    rules: {
      // A box that scrolls (a code block, a wide table's region) must be reachable by keyboard to be scrolled.
      'jsx-a11y/no-noninteractive-tabindex': ['error', { tags: ['pre'], roles: ['region'] }],
    },
  },
  // The rules of hooks and their dependencies, and no state set or ref read or written during render.
  // The plugin's other React Compiler rules are not on: the app is not compiled by the React Compiler.
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error', 'react-hooks/set-state-in-render': 'error', 'react-hooks/refs': 'error' },
  },
  prettier,
);
