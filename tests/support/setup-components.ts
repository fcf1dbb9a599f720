import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// findBy and waitFor give up after 1 s by default; a page body rendered through the lazily loaded
// Markdown pipeline took longer than that beside browser tests on a 2-core machine.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => cleanup());
