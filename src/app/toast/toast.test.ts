import { beforeEach, describe, expect, it, vi } from 'vitest';

/** Stands for sonner: what its `toast` was asked to show, and how often sonner was loaded. */
const sonner = vi.hoisted(() => ({
  shown: [] as unknown[][],
  loads: 0,
  failNext: false,
}));

function fakeSonner() {
  sonner.loads++;
  if (sonner.failNext) {
    sonner.failNext = false;
    throw new Error('lost connection');
  }
  return {
    toast: {
      success: (...args: unknown[]) => sonner.shown.push(['success', ...args]),
      error: (...args: unknown[]) => sonner.shown.push(['error', ...args]),
    },
    Toaster: () => null,
  };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

async function freshToasts() {
  vi.resetModules();
  vi.doMock('sonner', fakeSonner);
  return import('./toast');
}

beforeEach(() => {
  sonner.shown = [];
  sonner.loads = 0;
  sonner.failNext = false;
});

describe('toasts asked for before sonner has loaded', () => {
  it('show, in order and with their texts, once the Toaster listens', async () => {
    const { toast, toasterListening, whenSonnerLoaded } = await freshToasts();
    toast.success('Added 1 Dark Chocolate & Sea Salt to cart');
    toast.error('Failed to send message.', { description: 'Please try again.' });
    expect(sonner.shown).toEqual([]);

    // The first toast started loading sonner without waiting for the browser to be idle.
    const loaded = await whenSonnerLoaded();
    expect(sonner.shown).toEqual([]); // sonner would drop toasts sent before its <Toaster> mounts
    toasterListening(loaded.toast);
    expect(sonner.shown).toEqual([
      ['success', 'Added 1 Dark Chocolate & Sea Salt to cart', undefined],
      ['error', 'Failed to send message.', { description: 'Please try again.' }],
    ]);

    toast.success('Profile updated');
    expect(sonner.shown.at(-1)).toEqual(['success', 'Profile updated', undefined]);
    expect(sonner.loads).toBe(1);
  });

  it('still show after loading sonner failed once: the next toast loads it again', async () => {
    const { toast, toasterListening, whenSonnerLoaded } = await freshToasts();
    sonner.failNext = true;
    toast.error('Failed to sign out');
    await flush();
    expect(sonner.loads).toBe(1);

    toast.success('Signed out successfully');
    toasterListening((await whenSonnerLoaded()).toast);
    expect(sonner.loads).toBe(2);
    expect(sonner.shown).toEqual([
      ['error', 'Failed to sign out', undefined],
      ['success', 'Signed out successfully', undefined],
    ]);
  });
});

it('a page with no toast loads sonner only when asked (after the page is up), once', async () => {
  const { loadSonner, whenSonnerLoaded } = await freshToasts();
  await flush();
  expect(sonner.loads).toBe(0);
  loadSonner();
  loadSonner();
  await whenSonnerLoaded();
  expect(sonner.loads).toBe(1);
});
