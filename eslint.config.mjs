// ESLint (flat config): type-aware TypeScript rules, React hooks, JSX accessibility; Prettier owns the
// formatting (eslint-config-prettier turns off the rules that would fight it). `npm run lint` runs both.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist/', 'dist-single/', 'bench/', 'node_modules/', 'test-results/', '.tmp/', 'content/public/'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
      parserOptions: { projectService: { allowDefaultProject: ['src/sw/*.ts'] }, tsconfigRootDir: import.meta.dirname },
    },
  },
  { files: ['src/**/*.tsx'], ...jsxA11y.flatConfigs.recommended },
  { files: ['src/**/*.{ts,tsx}'], ...reactHooks.configs['recommended-latest'] },
  prettier,
);
