// /editor/article/:id/revisions — the article's 修订记录 as a page of its own (the panel the
// article editor can also open in a drawer).
import { CM } from '../../consoleMessages';
import { ArticleSubPage } from '../shared/ArticleSubPage';
import { RevisionsPanel } from './RevisionsPanel';

export default function RevisionsPage() {
  return (
    <ArticleSubPage title={CM.revisionsTitle} other={{ path: 'preview', label: CM.previewTitle }}>
      {(id) => <RevisionsPanel articleId={id} />}
    </ArticleSubPage>
  );
}
