// Test helpers for registration and the WeChat pages: the app at a URL with the current location
// shown, and queries by visible text (role queries over antd's injected styles are very slow here).
import { AppProviders, captchaRequestAtom, clearSession, closeDialog, qyStore, resolveCaptcha } from '@qianyan/shared';
import { configure, render, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { act } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { AccountRoutes } from '../App';

let visited: string[] = [];

function Location() {
  const loc = useLocation();
  const here = loc.pathname + loc.search;
  if (visited[visited.length - 1] !== here) visited.push(here);
  return <output data-testid="location">{here}</output>;
}

/**
 * Every location the app went to, in order. Paths outside mf-account (such as /index) are
 * redirected by the app's catch-all when it runs alone, so tests look here rather than at the end.
 */

// This machine is shared and busy: give asynchronous queries time before calling them failed.
configure({ asyncUtilTimeout: 10_000 });

export const visitedPaths = () => [...visited];

export function renderFlow(url: string) {
  visited = [];
  const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
  const view = render(
    <AppProviders>
      <MemoryRouter initialEntries={[url]}>
        <AccountRoutes />
        <Location />
      </MemoryRouter>
    </AppProviders>,
  );
  return { user, ...view };
}

export const location = () => screen.getByTestId('location').textContent;

export function resetFlow() {
  act(() => {
    clearSession();
    closeDialog();
    if (qyStore.get(captchaRequestAtom)) resolveCaptcha(null);
  });
  localStorage.clear();
  sessionStorage.clear();
}

export function button(name: string | RegExp, scope: HTMLElement = document.body): HTMLButtonElement {
  return within(scope).getByText(name, { selector: 'button, button *' }).closest('button') as HTMLButtonElement;
}

export async function findButton(name: string | RegExp): Promise<HTMLButtonElement> {
  return (await screen.findByText(name, { selector: 'button, button *' })).closest('button') as HTMLButtonElement;
}

export const tab = (name: string) => screen.getByText(name, { selector: '[role="tab"]' });

/** The input labelled `label` (form label or aria-label). */
export const field = (label: string) => screen.getByLabelText(label);

export async function fill(user: UserEvent, element: HTMLElement, text: string) {
  await user.clear(element);
  if (text) {
    await user.click(element);
    await user.paste(text);
  }
}
