// jsdom lacks a few browser APIs antd relies on.
require('@testing-library/jest-dom');
// findBy* and waitFor wait up to 5 s (Testing Library's default is 1 s): a route's screen is a lazily
// loaded chunk, and a busy CI machine can take longer than a second to load and render it.
require('@testing-library/react').configure({ asyncUtilTimeout: 5000 });

if (!window.matchMedia) {
  window.matchMedia = (query) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  });
}
if (!window.ResizeObserver) {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
// jsdom's scrollTo only logs "not implemented"; pages scroll to top on navigation.
window.scrollTo = () => {};
if (!global.structuredClone) global.structuredClone = (v) => JSON.parse(JSON.stringify(v));
if (!global.TextEncoder) {
  const { TextEncoder, TextDecoder } = require('node:util');
  global.TextEncoder = TextEncoder;
  global.TextDecoder = TextDecoder;
}
