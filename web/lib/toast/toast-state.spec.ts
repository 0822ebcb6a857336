import { createToastStore, TOAST_REMOVE_DELAY_MS, toastReducer, type Toast } from './toast-state';

const toast = (id: string, title = id): Toast => ({ id, open: true, title });

describe('toastReducer', () => {
  it('keeps one toast at a time: the newest', () => {
    expect(toastReducer([toast('1')], { type: 'add', toast: toast('2') })).toEqual([toast('2')]);
  });

  it('updates a toast by id', () => {
    expect(toastReducer([toast('1')], { type: 'update', toast: { id: '1', title: 'Saved' } })).toEqual([
      { id: '1', open: true, title: 'Saved' },
    ]);
  });

  it('dismisses by closing, not removing', () => {
    expect(toastReducer([toast('1')], { type: 'dismiss', id: '1' })).toEqual([{ ...toast('1'), open: false }]);
    expect(toastReducer([toast('1')], { type: 'dismiss' })).toEqual([{ ...toast('1'), open: false }]);
  });

  it('removes one or all', () => {
    expect(toastReducer([toast('1')], { type: 'remove', id: '2' })).toEqual([toast('1')]);
    expect(toastReducer([toast('1')], { type: 'remove' })).toEqual([]);
  });
});

describe('createToastStore', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('removes a dismissed toast only after the removal delay and tells listeners each change', () => {
    const store = createToastStore();
    const seen: number[] = [];
    store.subscribe((list) => seen.push(list.length));
    const id = store.show({ title: 'Saved to your watchlist' });
    store.dismiss(id);
    expect(store.current()).toEqual([{ id, open: false, title: 'Saved to your watchlist' }]);
    jest.advanceTimersByTime(TOAST_REMOVE_DELAY_MS - 1);
    expect(store.current()).toHaveLength(1);
    jest.advanceTimersByTime(1);
    expect(store.current()).toEqual([]);
    expect(seen).toEqual([1, 1, 0]);
  });
});

describe('createToastStore with the platform timers', () => {
  // Chromium's setTimeout throws 'Illegal invocation' when called with any receiver but the window
  // (or none): calling it as a method of a plain object left every toast open for good.
  const realSetTimeout = globalThis.setTimeout;
  const realClearTimeout = globalThis.clearTimeout;
  function strict<T extends (...args: never[]) => unknown>(fn: T): T {
    return function (this: unknown, ...args: Parameters<T>) {
      if (this !== undefined && this !== globalThis) throw new TypeError('Illegal invocation');
      return fn(...args);
    } as T;
  }
  beforeEach(() => {
    jest.useFakeTimers();
    globalThis.setTimeout = strict(globalThis.setTimeout);
    globalThis.clearTimeout = strict(globalThis.clearTimeout);
  });
  afterEach(() => {
    globalThis.setTimeout = realSetTimeout;
    globalThis.clearTimeout = realClearTimeout;
    jest.useRealTimers();
  });

  it('closes a toast without calling setTimeout on a foreign receiver, and removes it after the delay', () => {
    const store = createToastStore();
    const seen: boolean[] = [];
    store.subscribe((list) => seen.push(list[0]?.open ?? false));
    const id = store.show({ title: 'Saved to your watchlist' });
    expect(() => store.dismiss(id)).not.toThrow();
    expect(store.current()).toEqual([{ id, open: false, title: 'Saved to your watchlist' }]);
    expect(seen).toEqual([true, false]);
    jest.advanceTimersByTime(TOAST_REMOVE_DELAY_MS);
    expect(store.current()).toEqual([]);
  });

  it('keeps a toast action (View List) with the toast', () => {
    const store = createToastStore();
    store.show({ title: 'Saved to your watchlist', action: { label: 'View List', href: '/watchlist' } });
    expect(store.current()[0]?.action).toEqual({ label: 'View List', href: '/watchlist' });
  });
});
