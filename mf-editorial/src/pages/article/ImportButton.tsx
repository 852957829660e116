// 导入 JATS XML (fills the English original) and 导入 Word (fills the Chinese body): the file goes to
// the server, which refuses a malformed one with what is wrong and saves nothing.
import { UploadOutlined } from '@ant-design/icons';
import { ApiError, toast } from '@qianyan/shared';
import { Alert, Button } from 'antd';
import { useRef, useState } from 'react';
import { editorApi, type EditorArticle } from '../../api';
import { ED_MSG } from '../../messages';

interface Props {
  kind: 'jats' | 'docx';
  disabled: boolean;
  /** Saves the editor's changes first; null when that failed (a conflict). */
  prepare: () => Promise<EditorArticle | null>;
  onImported: (article: EditorArticle) => void;
}

export function ImportButton({ kind, disabled, prepare, onImported }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [warnings, setWarnings] = useState<string[]>([]);

  const run = async (file: File) => {
    setError(null);
    setWarnings([]);
    setBusy(true);
    try {
      const article = await prepare();
      if (!article) return;
      if (kind === 'jats') {
        const { article: next, summary } = await editorApi.importJats(article.id, article.revision, file, { silent: true });
        onImported(next);
        setWarnings(summary.warnings);
        toast.success(ED_MSG.importedJats(summary.sections, summary.references));
      } else {
        const { article: next, summary } = await editorApi.importDocx(article.id, article.revision, file, { silent: true });
        onImported(next);
        setWarnings(summary.warnings);
        toast.success(ED_MSG.importedDocx(summary.paragraphs, summary.headings));
      }
    } catch (err) {
      setError(err instanceof ApiError || err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  const label = kind === 'jats' ? ED_MSG.importJats : ED_MSG.importDocx;
  return (
    <div className="qy-ed-import">
      <input
        ref={input}
        type="file"
        hidden
        aria-label={label}
        data-testid={`import-${kind}`}
        accept={kind === 'jats' ? '.xml,.nxml,application/xml,text/xml' : '.docx,application/vnd.openxmlformats-officedocument.wordprocessingml.document'}
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) void run(file);
        }}
      />
      <Button icon={<UploadOutlined />} loading={busy} disabled={disabled} onClick={() => input.current?.click()}>
        {label}
      </Button>
      {error && <Alert type="error" showIcon role="alert" message={error} closable onClose={() => setError(null)} />}
      {warnings.length > 0 && (
        <Alert type="warning" showIcon message={warnings.map((w) => <div key={w}>{w}</div>)} closable onClose={() => setWarnings([])} />
      )}
    </div>
  );
}
