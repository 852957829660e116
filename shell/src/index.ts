// Async boundary: shared singletons are negotiated before any app code runs. The federation
// runtime's own start-up (this file's script) and the shell's modules run in separate tasks: the
// first task ends here and the browser may paint or handle input before the import starts.
new Promise<void>((resolve) => setTimeout(resolve, 0)).then(() => import('./bootstrap'));
