import { CloseOutlined, SearchOutlined } from '@ant-design/icons';
import { ThemeScope } from '@qianyan/shared';
import { Button, Input, type InputRef } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { go } from '../navigation';
import { CHROME_MSG } from '../messages';
import { clearSearchHistory, readSearchHistory, rememberSearch, searchUrl } from '../searchHistory';

function currentQuery() {
  if (window.location.pathname !== '/search') return '';
  return new URLSearchParams(window.location.search).get('query') ?? '';
}

/**
 * The search bar under the header: a query box, its submit button and the last 10 queries.
 * It loads on first use with its antd parts, in the brand theme (the chrome has no antd provider).
 */
export function SearchBar({ onClose }: { onClose: () => void }) {
  return (
    <ThemeScope>
      <SearchBarContent onClose={onClose} />
    </ThemeScope>
  );
}

function SearchBarContent({ onClose }: { onClose: () => void }) {
  const [query, setQuery] = useState(currentQuery);
  const [history, setHistory] = useState(readSearchHistory);
  const inputRef = useRef<InputRef>(null);

  useEffect(() => {
    inputRef.current?.focus();
  }, []);

  const submit = (text: string) => {
    const q = text.trim();
    if (!q) {
      inputRef.current?.focus();
      return;
    }
    setHistory(rememberSearch(q));
    go(searchUrl(q));
    onClose();
  };

  return (
    <div className="qy-search">
      <div className="qy-search__inner">
        <form
          role="search"
          className="qy-search__form"
          onSubmit={(e) => {
            e.preventDefault();
            submit(query);
          }}
        >
          <Input
            ref={inputRef}
            size="large"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            onKeyDown={(e) => e.key === 'Escape' && onClose()}
            placeholder={CHROME_MSG.search.placeholder}
            aria-label={CHROME_MSG.search.label}
            prefix={<SearchOutlined aria-hidden="true" className="qy-search__icon" />}
            allowClear
            maxLength={100}
          />
          <Button type="primary" size="large" htmlType="submit">
            {CHROME_MSG.search.submit}
          </Button>
          <Button
            type="text"
            size="large"
            aria-label={CHROME_MSG.search.close}
            icon={<CloseOutlined aria-hidden="true" />}
            onClick={onClose}
          />
        </form>
        {history.length > 0 && (
          <section className="qy-search__history" aria-labelledby="qy-search-history">
            <div className="qy-search__history-head">
              <span id="qy-search-history">{CHROME_MSG.search.history}</span>
              <Button type="link" size="small" onClick={() => setHistory(clearSearchHistory())}>
                {CHROME_MSG.search.clear}
              </Button>
            </div>
            <ul className="qy-search__history-list">
              {history.map((h) => (
                <li key={h}>
                  <button type="button" className="qy-chip" onClick={() => submit(h)}>
                    {h}
                  </button>
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
    </div>
  );
}
