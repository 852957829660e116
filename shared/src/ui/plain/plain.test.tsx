import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MSG } from '../../messages';
import { PlainButton, PlainCarousel, PlainEmptyState, PlainErrorState, PlainPagination, PlainTabPanel, PlainTabs, pagerItems } from '.';

describe('PlainPagination', () => {
  it('lays the pages out as antd does, with 5-page jumps around a far current page', () => {
    const show = (current: number, all: number) =>
      pagerItems(current, all).map((i) => (i.kind === 'page' ? String(i.page) : i.kind === 'jump-prev' ? '«' : '»'));
    expect(show(1, 2)).toEqual(['1', '2']);
    expect(show(4, 7)).toEqual(['1', '2', '3', '4', '5', '6', '7']);
    expect(show(1, 20)).toEqual(['1', '2', '3', '4', '5', '»', '20']);
    expect(show(10, 20)).toEqual(['1', '«', '9', '10', '11', '»', '20']);
    expect(show(20, 20)).toEqual(['1', '«', '16', '17', '18', '19', '20']);
  });

  it('with fewer items, keeps one page either side of the current one (antd showLessItems)', () => {
    const show = (current: number, all: number) =>
      pagerItems(current, all, true).map((i) => (i.kind === 'page' ? String(i.page) : i.kind === 'jump-prev' ? '«' : '»'));
    expect(show(3, 5)).toEqual(['1', '2', '3', '4', '5']);
    expect(show(3, 10)).toEqual(['1', '2', '3', '4', '»', '10']);
    expect(show(6, 10)).toEqual(['1', '«', '5', '6', '7', '»', '10']);
    expect(show(10, 10)).toEqual(['1', '«', '8', '9', '10']);
  });

  it('in its simple form shows "current / all"; a size changer offers the sizes and reports a new one', async () => {
    const user = userEvent.setup();
    const onSize = jest.fn();
    render(
      <nav aria-label="分页">
        <PlainPagination
          landmark={false}
          simple
          current={3}
          total={95}
          pageSize={20}
          onChange={() => {}}
          sizeChanger={{ sizes: [10, 20, 50], label: '每页条数', onChange: onSize }}
        />
      </nav>,
    );
    expect(screen.getAllByRole('navigation')).toHaveLength(1);
    expect(screen.getByTitle('3/5')).toHaveTextContent('3/5');
    expect(screen.queryByRole('button', { name: '4' })).not.toBeInTheDocument();
    const sizes = screen.getByRole('combobox', { name: '每页条数' });
    expect(sizes).toHaveValue('20');
    expect([...(sizes as HTMLSelectElement).options].map((o) => o.text)).toEqual(['10 条/页', '20 条/页', '50 条/页']);
    await user.selectOptions(sizes, '50 条/页');
    expect(onSize).toHaveBeenCalledWith(50);
  });

  it('names its landmark, marks the current page and moves by pages, arrows and jumps', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    const { rerender } = render(<PlainPagination current={1} total={15} pageSize={9} onChange={onChange} />);
    const nav = screen.getByRole('navigation', { name: '分页' });
    expect(screen.getByTitle('1').querySelector('button')).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: '上一页' })).toBeDisabled();
    expect(screen.getByTitle('2')).toContainElement(screen.getByRole('button', { name: '2' }));
    await user.click(screen.getByRole('button', { name: '2' }));
    expect(onChange).toHaveBeenLastCalledWith(2);
    await user.click(screen.getByRole('button', { name: '下一页' }));
    expect(onChange).toHaveBeenLastCalledWith(2);
    // The current page is not a change.
    onChange.mockClear();
    await user.click(screen.getByRole('button', { name: '1' }));
    expect(onChange).not.toHaveBeenCalled();
    expect(nav).toBeInTheDocument();

    rerender(<PlainPagination current={10} total={200} pageSize={10} onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: '向后 5 页' }));
    expect(onChange).toHaveBeenLastCalledWith(15);
    await user.click(screen.getByRole('button', { name: '向前 5 页' }));
    expect(onChange).toHaveBeenLastCalledWith(5);
    expect(screen.getByRole('button', { name: '下一页' })).toBeEnabled();
  });

  it('is absent on a single page with hideOnSinglePage', () => {
    render(<PlainPagination current={1} total={9} pageSize={9} onChange={() => {}} hideOnSinglePage />);
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});

describe('PlainTabs', () => {
  function Harness() {
    const [key, setKey] = useState<'a' | 'b' | 'c'>('a');
    return (
      <>
        <PlainTabs id="t" activeKey={key} onChange={setKey} items={[{ key: 'a', label: '甲' }, { key: 'b', label: '乙' }, { key: 'c', label: '丙' }]} />
        <PlainTabPanel id="t" activeKey={key}>
          内容 {key}
        </PlainTabPanel>
      </>
    );
  }

  it('selects by click and by the arrow, Home and End keys, with one tab in the tab order', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(screen.getByRole('tablist')).toBeInTheDocument();
    const first = screen.getByRole('tab', { name: '甲' });
    expect(first).toHaveAttribute('aria-selected', 'true');
    expect(first).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('tab', { name: '乙' })).toHaveAttribute('tabindex', '-1');
    expect(screen.getByRole('tabpanel', { name: '甲' })).toHaveTextContent('内容 a');

    await user.click(screen.getByRole('tab', { name: '乙' }));
    expect(screen.getByRole('tab', { name: '乙', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('tabpanel', { name: '乙' })).toHaveTextContent('内容 b');

    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: '丙', selected: true })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: '甲', selected: true })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: '丙', selected: true })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: '甲', selected: true })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: '丙', selected: true })).toHaveFocus();
  });
});

describe('PlainCarousel', () => {
  afterEach(() => jest.useRealTimers());

  it('shows one slide at a time, moves on by itself and by its dots, and loops to the first', () => {
    jest.useFakeTimers();
    render(
      <PlainCarousel label="推荐" autoplay={1000}>
        <a href="/a">一</a>
        <a href="/b">二</a>
      </PlainCarousel>,
    );
    const carousel = screen.getByRole('region', { name: '推荐' });
    expect(carousel).toHaveAttribute('aria-roledescription', 'carousel');
    // Only the shown slide's link is reachable; the others (and the loop's copy) are inert.
    expect(screen.getAllByRole('link').map((a) => a.textContent)).toEqual(['一']);
    expect(screen.getByRole('button', { name: '第 1 张' })).toHaveAttribute('aria-current', 'true');

    act(() => jest.advanceTimersByTime(1000));
    expect(screen.getAllByRole('link').map((a) => a.textContent)).toEqual(['二']);
    expect(screen.getByRole('button', { name: '第 2 张' })).toHaveAttribute('aria-current', 'true');

    act(() => jest.advanceTimersByTime(1000));
    act(() => jest.advanceTimersByTime(600));
    expect(screen.getAllByRole('link').map((a) => a.textContent)).toEqual(['一']);

    fireEvent.click(screen.getByRole('button', { name: '第 2 张' }));
    expect(screen.getAllByRole('link').map((a) => a.textContent)).toEqual(['二']);

    // Hovered, it stays.
    fireEvent.mouseEnter(carousel);
    act(() => jest.advanceTimersByTime(5000));
    expect(screen.getAllByRole('link').map((a) => a.textContent)).toEqual(['二']);
  });

  it('has no dots for a single slide', () => {
    render(
      <PlainCarousel label="推荐" autoplay={1000}>
        <span>唯一</span>
      </PlainCarousel>,
    );
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('plain states and button', () => {
  it('shows the empty text, and the failure with a retry button', async () => {
    const user = userEvent.setup();
    const retry = jest.fn();
    render(
      <>
        <PlainEmptyState />
        <PlainErrorState onRetry={retry} />
      </>,
    );
    expect(screen.getByText(MSG.empty)).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(MSG.busy);
    await user.click(screen.getByRole('button', { name: '重试' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('ignores clicks while loading', async () => {
    const user = userEvent.setup();
    const click = jest.fn();
    const { rerender } = render(
      <PlainButton variant="primary" loading onClick={click}>
        领取
      </PlainButton>,
    );
    await user.click(screen.getByRole('button', { name: '领取' }));
    expect(click).not.toHaveBeenCalled();
    rerender(
      <PlainButton variant="primary" onClick={click}>
        领取
      </PlainButton>,
    );
    await user.click(screen.getByRole('button', { name: '领取' }));
    expect(click).toHaveBeenCalledTimes(1);
  });
});
