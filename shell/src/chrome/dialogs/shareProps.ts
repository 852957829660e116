// The props of the share dialogs, kept apart from the dialogs so the chrome reads them without
// loading the dialogs themselves.
export interface ShareProps {
  url: string;
  title: string;
}

/** The props an app passed to openDialog: the page's URL (default: this page) and its title. */
export function shareProps(props: Record<string, unknown> | undefined): ShareProps {
  const url = typeof props?.url === 'string' && props.url ? props.url : window.location.href;
  const title = typeof props?.title === 'string' && props.title ? props.title : document.title;
  return { url, title };
}
