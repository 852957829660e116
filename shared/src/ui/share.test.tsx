import { act, renderHook } from '@testing-library/react';
import { clearSession, closeDialog, dialogAtom, MSG, qyStore, setSession, toast } from '@qianyan/shared/core';
import { Provider } from 'jotai';
import type { ReactNode } from 'react';
import { sessionUser } from '../testing';
import { useCollect } from './share';

const wrapper = ({ children }: { children: ReactNode }) => <Provider store={qyStore}>{children}</Provider>;

describe('collect toggle', () => {
  beforeEach(() => {
    clearSession();
    closeDialog();
  });
  afterEach(() => jest.restoreAllMocks());

  it('asks a visitor to log in and calls nothing', async () => {
    const calls = { collect: jest.fn(), cancel: jest.fn() };
    const { result } = renderHook(() => useCollect(3, 1, calls), { wrapper });
    expect(result.current.collected).toBe(0);
    await act(() => result.current.toggle());
    expect(qyStore.get(dialogAtom)).toMatchObject({ name: 'login' });
    expect(calls.collect).not.toHaveBeenCalled();
  });

  it('collects, then cancels, by the id it was given', async () => {
    setSession('token', sessionUser());
    const success = jest.spyOn(toast, 'success').mockImplementation(() => {});
    const calls = { collect: jest.fn().mockResolvedValue(true), cancel: jest.fn().mockResolvedValue(true) };
    const { result } = renderHook(() => useCollect(3, 0, calls), { wrapper });
    await act(() => result.current.toggle());
    expect(calls.collect).toHaveBeenCalledWith({ id: 3 });
    expect(result.current.collected).toBe(1);
    expect(success).toHaveBeenLastCalledWith(MSG.operationSuccess);
    await act(() => result.current.toggle());
    expect(calls.cancel).toHaveBeenCalledWith({ id: 3 });
    expect(result.current.collected).toBe(0);
    expect(success).toHaveBeenLastCalledWith(MSG.cancelled);
  });
});
