// The page title hook lives in @qianyan/shared beside the section panel that uses it.
export { useDocumentTitle } from '@qianyan/shared';
