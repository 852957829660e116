import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { PlainCheckbox, PlainDescriptions, descriptionRows, useThemedModal, type PlainDescriptionItem } from '.';

const item = (key: string, span?: 'row'): PlainDescriptionItem => ({ key, label: key, children: `${key}-value`, span });

describe('PlainDescriptions', () => {
  const layout = (items: PlainDescriptionItem[], columns: number) =>
    descriptionRows(items, columns).map((row) => row.map((c) => `${c.item.key}:${c.colSpan}`).join(' '));

  it('fills rows of `columns` pairs; the last of a short row widens to the row end, as antd does', () => {
    expect(layout([item('a'), item('b'), item('c')], 2)).toEqual(['a:1 b:1', 'c:3']);
    expect(layout([item('a'), item('b'), item('c')], 1)).toEqual(['a:1', 'b:1', 'c:1']);
  });

  it('gives an item of span "row" a row of its own, closing the row before it', () => {
    expect(layout([item('a'), item('city', 'row'), item('b'), item('c')], 2)).toEqual(['a:3', 'city:3', 'b:1 c:1']);
    expect(layout([item('a'), item('b'), item('city', 'row'), item('c')], 2)).toEqual(['a:1 b:1', 'city:3', 'c:3']);
  });

  it('draws each label as a row header beside its value', () => {
    render(<PlainDescriptions columns={2} items={[item('姓名'), item('身份'), item('城市', 'row')]} />);
    const rows = screen.getAllByRole('row');
    expect(rows).toHaveLength(2);
    expect(screen.getByRole('rowheader', { name: '城市' }).nextElementSibling).toHaveAttribute('colspan', '3');
    expect(screen.getByRole('cell', { name: '身份-value' })).toBeInTheDocument();
  });
});

describe('PlainCheckbox', () => {
  function Box({ onChange }: { onChange: (v: boolean) => void }) {
    const [checked, setChecked] = useState(false);
    return (
      <PlainCheckbox
        checked={checked}
        onChange={(v) => {
          setChecked(v);
          onChange(v);
        }}
      >
        接收通知
      </PlainCheckbox>
    );
  }

  it('is a real checkbox named by its label, toggled by a click on the label or the space key', async () => {
    const seen: boolean[] = [];
    render(<Box onChange={(v) => seen.push(v)} />);
    const box = screen.getByRole('checkbox', { name: '接收通知' });
    await userEvent.click(screen.getByText('接收通知'));
    expect(box).toBeChecked();
    box.focus();
    await userEvent.keyboard(' ');
    expect(box).not.toBeChecked();
    expect(seen).toEqual([true, false]);
  });

  it('ignores clicks while disabled', async () => {
    const seen: boolean[] = [];
    render(
      <PlainCheckbox checked disabled onChange={(v) => seen.push(v)}>
        x
      </PlainCheckbox>,
    );
    await userEvent.click(screen.getByRole('checkbox'));
    expect(seen).toEqual([]);
  });
});

describe('useThemedModal', () => {
  function Asker({ onOk }: { onOk: () => void }) {
    const [open, holder] = useThemedModal();
    return (
      <>
        <button onClick={() => open({ kind: 'confirm', title: '确认取消订阅？', content: '取消后不再收到', okText: '确认', cancelText: '保留', onOk })}>
          ask
        </button>
        {holder}
      </>
    );
  }

  it("loads antd's confirm on the first question, calls onOk on 确认 and closes", async () => {
    let confirmed = 0;
    render(<Asker onOk={() => void confirmed++} />);
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'ask' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText('确认取消订阅？').length).toBeGreaterThan(0);
    expect(within(dialog).getByText('取消后不再收到')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: '确认' }));
    expect(confirmed).toBe(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('does nothing on 保留 but close', async () => {
    let confirmed = 0;
    render(<Asker onOk={() => void confirmed++} />);
    await userEvent.click(screen.getByRole('button', { name: 'ask' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '保留' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(confirmed).toBe(0);
  });
});
