import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from '../../messages';
import { PlainPagedList, type PagedQuery } from '.';

const query = (over: Partial<PagedQuery<string>>): PagedQuery<string> => ({ loading: false, error: null, data: null, reload: jest.fn(), ...over });

function renderList(list: PagedQuery<string>, onPage = jest.fn()) {
  render(
    <PlainPagedList
      list={list}
      skeleton={<p>正在加载</p>}
      renderItems={(items) => (
        <ul>
          {items.map((t) => (
            <li key={t}>{t}</li>
          ))}
        </ul>
      )}
      countText={(n) => `共 ${n} 条`}
      countClassName="count"
      page={1}
      pageSize={2}
      onPage={onPage}
      pagerClassName="pager"
      emptyClassName="empty-box"
    />,
  );
}

describe('PlainPagedList', () => {
  it('shows the skeleton while the page loads', () => {
    renderList(query({ loading: true }));
    expect(screen.getByText('正在加载')).toBeInTheDocument();
  });

  it('shows a failure with a retry that reloads', async () => {
    const reload = jest.fn();
    renderList(query({ error: { message: '网络繁忙' }, reload }));
    expect(screen.getByRole('alert')).toHaveTextContent('网络繁忙');
    await userEvent.setup().click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(reload).toHaveBeenCalled();
  });

  it('says 未搜索到相关内容 for an empty page', () => {
    renderList(query({ data: { results: [], page: { total: 0 } } }));
    expect(screen.getByText(MSG.empty)).toBeInTheDocument();
  });

  it('shows the count, the items and a pager that moves to another page', async () => {
    const onPage = jest.fn();
    renderList(query({ data: { results: ['甲', '乙'], page: { total: 3 } } }), onPage);
    expect(screen.getByText('共 3 条')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(expect.arrayContaining(['甲', '乙']));
    await userEvent.setup().click(screen.getByRole('button', { name: '2' }));
    expect(onPage).toHaveBeenCalledWith(2);
  });
});
