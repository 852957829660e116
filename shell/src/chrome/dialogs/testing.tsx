// Test helpers for the login-related dialogs: only the dialogs are rendered (not the whole chrome),
// and text goes in by paste, which keeps these form-heavy tests fast on a busy machine.
import { configure, render, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { captchaRequestAtom, closeDialog, clearSession, qyStore, resolveCaptcha } from '@qianyan/shared';
import { StoreProvider } from '@qianyan/shared/lifecycles';
import { act } from 'react';
import { Dialogs } from './Dialogs';

// jsdom's getComputedStyle over antd's injected styles makes role queries and pointer checks take
// seconds each on a busy machine, so these tests find things by their visible text and label.

/** A user without the pointer-events check (each one walks the computed styles up the tree). */

// This machine is shared and busy: give asynchronous queries time before calling them failed.
configure({ asyncUtilTimeout: 10_000 });

export const setupUser = () => userEvent.setup({ delay: null, pointerEventsCheck: 0 });

/** The open dialog titled `title`. */
export async function findDialog(title: string): Promise<HTMLElement> {
  const heading = await screen.findByText(title, { selector: '.ant-modal-title, .qy-modal__title' });
  return heading.closest('[role="dialog"]') as HTMLElement;
}

export function queryDialog(title: string): HTMLElement | null {
  return screen.queryByText(title, { selector: '.ant-modal-title, .qy-modal__title' })?.closest('[role="dialog"]') as HTMLElement | null;
}

/** The button whose text matches `name`. */
export function button(scope: HTMLElement, name: string | RegExp): HTMLButtonElement {
  return within(scope).getByText(name, { selector: 'button, button *' }).closest('button') as HTMLButtonElement;
}

export async function findButton(scope: HTMLElement, name: string | RegExp): Promise<HTMLButtonElement> {
  return (await within(scope).findByText(name, { selector: 'button, button *' })).closest('button') as HTMLButtonElement;
}

/** The tab labelled `name`. */
export function tab(scope: HTMLElement, name: string): HTMLElement {
  return within(scope).getByText(name, { selector: '[role="tab"]' });
}

export function resetDialogs() {
  act(() => {
    clearSession();
    closeDialog();
    if (qyStore.get(captchaRequestAtom)) resolveCaptcha(null);
  });
  window.localStorage.clear();
  window.sessionStorage.clear();
}

export function renderDialogs() {
  return render(
    <StoreProvider>
      <Dialogs />
    </StoreProvider>,
  );
}

/** Replaces the field's text the way a paste would. */
export async function fill(user: UserEvent, element: HTMLElement, text: string) {
  await user.clear(element);
  await user.click(element);
  await user.paste(text);
}
