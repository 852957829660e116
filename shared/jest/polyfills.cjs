// jsdom lacks MessageChannel (antd Form and Modal schedule work through one) and warns about
// getComputedStyle with a pseudo-element; these stand-ins are enough for tests.
if (typeof window.MessageChannel === 'undefined') {
  class Port {
    constructor() {
      this.onmessage = null;
      this.other = null;
    }
    postMessage(data) {
      const target = this.other;
      setTimeout(() => target && target.onmessage && target.onmessage({ data }), 0);
    }
    start() {}
    close() {}
    addEventListener(type, fn) {
      if (type === 'message') this.onmessage = fn;
    }
    removeEventListener() {}
  }
  class MessageChannel {
    constructor() {
      this.port1 = new Port();
      this.port2 = new Port();
      this.port1.other = this.port2;
      this.port2.other = this.port1;
    }
  }
  window.MessageChannel = MessageChannel;
  global.MessageChannel = MessageChannel;
}

// jsdom logs "Not implemented" for getComputedStyle(el, '::pseudo') (antd measures scrollbars).
const computedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (elt) => computedStyle(elt);
