// takeNewWorker, the wait before a reload for a new deploy, against a stand-in for the browser's
// service worker container: how long it waits in each case the browser can be in. (The real
// browser's behaviour is tested end to end in tests/e2e/stale-deploy.test.ts.)
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { takeNewWorker } from '../../../src/app/service-worker.ts';

const LIMIT = 5000;

/** The container: a controller, one registration, and update() doing what the case says. */
function container(update: (c: ReturnType<typeof container>) => Promise<void>, controller: object | null = {}) {
  const c = Object.assign(new EventTarget(), {
    controller,
    reg: { installing: null as object | null, waiting: null as object | null, update: vi.fn(() => update(c)) },
    getRegistration: () => Promise.resolve(c.reg),
    /** A new worker claims the page. */
    takeOver() {
      c.controller = {};
      c.reg.installing = null;
      c.dispatchEvent(new Event('controllerchange'));
    },
  });
  return c;
}

/** Starts `takeNewWorker` against `c`; the returned function tells whether it has settled after `ms` more of (fake) time. */
function start(c: ReturnType<typeof container>): (ms: number) => Promise<boolean> {
  vi.stubGlobal('navigator', { serviceWorker: c });
  let settled = false;
  void takeNewWorker(LIMIT).then(() => (settled = true));
  return async (ms) => {
    await vi.advanceTimersByTimeAsync(ms);
    return settled;
  };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('takeNewWorker', () => {
  it('returns at once when no worker controls the page, without asking for one', async () => {
    const c = container(async () => {}, null);
    expect(await start(c)(0)).toBe(true);
    expect(c.reg.update).not.toHaveBeenCalled();
  });

  it('returns at once when the browser finds no newer worker', async () => {
    const c = container(async () => {});
    expect(await start(c)(0)).toBe(true);
    expect(c.reg.update).toHaveBeenCalledOnce();
  });

  it('returns at once when the check fails (offline)', async () => {
    const c = container(() => Promise.reject(new TypeError('Failed to update a ServiceWorker: network error')));
    expect(await start(c)(0)).toBe(true);
  });

  it('waits for a new worker to take control, and settles as soon as it has', async () => {
    const c = container((self) => {
      self.reg.installing = {};
      setTimeout(() => self.takeOver(), 300);
      return Promise.resolve();
    });
    const after = start(c);
    expect(await after(299)).toBe(false);
    expect(await after(1)).toBe(true);
  });

  it('does not miss a worker that took control while update() was still answering', async () => {
    const c = container((self) => {
      self.takeOver();
      return Promise.resolve();
    });
    expect(await start(c)(0)).toBe(true);
  });

  it('gives up after its limit when a new worker never takes control', async () => {
    const c = container((self) => {
      self.reg.waiting = {};
      return Promise.resolve();
    });
    const after = start(c);
    expect(await after(LIMIT - 1)).toBe(false);
    expect(await after(1)).toBe(true);
  });
});
