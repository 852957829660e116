export function ChromeApp() {
  return <header>千言医学</header>;
}
