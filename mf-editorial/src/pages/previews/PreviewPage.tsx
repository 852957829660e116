// /editor/article/:id/preview — the article's preview links and frames, as a page of its own.
import { CM } from '../../consoleMessages';
import { ArticleSubPage } from '../shared/ArticleSubPage';
import { PreviewPanel } from './PreviewPanel';

export default function PreviewPage() {
  return (
    <ArticleSubPage title={CM.previewTitle} other={{ path: 'revisions', label: CM.revisionsTitle }}>
      {(id) => <PreviewPanel articleId={id} />}
    </ArticleSubPage>
  );
}
