// A searchable picker over published articles of one source (titles searched on the server).
import { Select } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { editorApi, type EditorListItem } from '../../api';
import type { IssueArticle } from '../../consoleApi';

export const toIssueArticle = (a: EditorListItem): IssueArticle => ({
  id: a.id,
  title: a.title,
  sourceId: a.sourceId,
  sourceName: a.sourceName,
  permalinks: a.permalinks,
  state: a.state,
  stateLabel: a.stateLabel,
  publishAtShanghai: a.publishAtShanghai,
});

export function ArticlePicker({
  sourceId,
  placeholder,
  exclude,
  onPick,
}: {
  sourceId: number;
  placeholder: string;
  exclude: number[];
  onPick: (article: IssueArticle) => void;
}) {
  const [query, setQuery] = useState('');
  const [options, setOptions] = useState<EditorListItem[]>([]);
  const [loading, setLoading] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    clearTimeout(timer.current);
    let live = true;
    timer.current = setTimeout(() => {
      setLoading(true);
      editorApi
        .list({ state: 'published', sourceId, title: query.trim() || undefined, pageSize: 20 }, { silent: true })
        .then((page) => live && setOptions(page.results))
        .catch(() => live && setOptions([]))
        .finally(() => live && setLoading(false));
    }, 250);
    return () => {
      live = false;
      clearTimeout(timer.current);
    };
  }, [query, sourceId]);

  return (
    <Select<number>
      className="qy-ed-picker"
      aria-label={placeholder}
      showSearch={{ filterOption: false, onSearch: setQuery }}
      value={null}
      placeholder={placeholder}
      loading={loading}
      notFoundContent={loading ? undefined : null}
      options={options.map((a) => ({ value: a.id, label: `${a.title}（${a.permalinks}）`, disabled: exclude.includes(a.id) }))}
      onChange={(id) => {
        const a = options.find((o) => o.id === id);
        if (a) onPick(toIssueArticle(a));
        setQuery('');
      }}
      style={{ width: '100%' }}
    />
  );
}
