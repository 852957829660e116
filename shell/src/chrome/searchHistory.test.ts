import {
  clearSearchHistory,
  readSearchHistory,
  rememberSearch,
  SEARCH_HISTORY_KEY,
  searchUrl,
  withQuery,
} from './searchHistory';

beforeEach(() => window.localStorage.clear());

describe('search history', () => {
  it('puts the newest query first', () => {
    rememberSearch('心衰');
    rememberSearch('肺癌');
    expect(readSearchHistory()).toEqual(['肺癌', '心衰']);
  });

  it('keeps only the last 10 queries', () => {
    for (let i = 1; i <= 12; i += 1) rememberSearch(`q${i}`);
    const history = readSearchHistory();
    expect(history).toHaveLength(10);
    expect(history[0]).toBe('q12');
    expect(history[9]).toBe('q3');
  });

  it('moves a repeated query to the front instead of keeping two copies', () => {
    rememberSearch('糖尿病');
    rememberSearch('高血压');
    rememberSearch(' 糖尿病 ');
    expect(readSearchHistory()).toEqual(['糖尿病', '高血压']);
  });

  it('ignores blank queries', () => {
    expect(withQuery(['a'], '   ')).toEqual(['a']);
  });

  it('clears every remembered query', () => {
    rememberSearch('心衰');
    expect(clearSearchHistory()).toEqual([]);
    expect(readSearchHistory()).toEqual([]);
    expect(window.localStorage.getItem(SEARCH_HISTORY_KEY)).toBeNull();
  });

  it('survives a corrupt stored value', () => {
    window.localStorage.setItem(SEARCH_HISTORY_KEY, '{oops');
    expect(readSearchHistory()).toEqual([]);
  });

  it('encodes the query into the search URL', () => {
    expect(searchUrl(' 心衰 & 肾病 ')).toBe('/search?query=%E5%BF%83%E8%A1%B0%20%26%20%E8%82%BE%E7%97%85');
  });
});
