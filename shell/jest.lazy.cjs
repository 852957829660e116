// The chrome's dialogs, drawer menu and search bar load on first use (a dynamic import): on a busy
// machine their first render can take longer than Testing Library's default 1 s wait.
require('@testing-library/react').configure({ asyncUtilTimeout: 5000 });
