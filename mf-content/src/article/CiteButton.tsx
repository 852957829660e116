// 引用本文 beside 收藏 and 分享: the dialog, its styles and its calls load on the first click, so the
// article page's first view carries only this button.
import { PlainButton } from '@qianyan/shared/plain';
import { lazy, Suspense, useRef, useState } from 'react';
import { FileTextIcon } from '../common/icons';
import { CITE_TEXT as T } from './messages';

const CitationDialog = lazy(() => import('./CitationDialog').then((m) => ({ default: m.CitationDialog })));

export function CiteButton({ articleId }: { articleId: number }) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  return (
    <>
      <PlainButton ref={buttonRef} icon={<FileTextIcon />} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {T.cite}
      </PlainButton>
      {open && (
        <Suspense fallback={null}>
          <CitationDialog
            articleId={articleId}
            onClose={() => {
              setOpen(false);
              buttonRef.current?.focus();
            }}
          />
        </Suspense>
      )}
    </>
  );
}
