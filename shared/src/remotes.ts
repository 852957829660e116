// Loading modules that other remotes expose (e.g. mf-payment's subscription panel inside
// mf-account). The shell owns the Module Federation runtime and registers its loader here, so a
// remote never imports the shell and never needs to know remote URLs.
export type RemoteLoader = <T>(id: string) => Promise<T>;

let loader: RemoteLoader | null = null;

export function registerRemoteLoader(fn: RemoteLoader) {
  loader = fn;
}

/** Loads `'<remote>/<exposed>'`, e.g. `loadRemoteModule('mf_payment/SubscriptionPanel')`. */
export function loadRemoteModule<T>(id: string): Promise<T> {
  if (!loader) return Promise.reject(new Error(`remote loader not registered (needed for ${id})`));
  return loader<T>(id);
}
