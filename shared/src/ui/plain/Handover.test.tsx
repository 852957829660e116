import { act, fireEvent, render, screen } from '@testing-library/react';
import { lazy, useState, type ReactElement } from 'react';
import { PlainHandover, PlainRangeFacade, PlainSegmented, PlainSelectFacade } from '.';

describe('PlainSegmented', () => {
  it('is a radio group: the selected option is checked, a click on another label reports it', () => {
    const onChange = jest.fn();
    render(
      <PlainSegmented
        value="a"
        onChange={onChange}
        options={[
          { value: 'a', label: '文章' },
          { value: 'b', label: '课程' },
        ]}
      />,
    );
    expect(screen.getByRole('radio', { name: '文章' })).toBeChecked();
    expect(screen.getByRole('radio', { name: '课程' })).not.toBeChecked();
    fireEvent.click(screen.getByText('课程'));
    expect(onChange).toHaveBeenCalledWith('b');
  });
});

describe('PlainHandover', () => {
  // A stand-in for a lazily loaded antd control: resolved when the test says so.
  let resolve!: () => void;
  const Real = lazy(
    () =>
      new Promise<{ default: (p: { open: boolean }) => ReactElement }>((done) => {
        resolve = () => done({ default: ({ open }) => <div role="listbox" aria-label={open ? 'opened' : 'focused'} /> });
      }),
  );

  function Field() {
    const [labels] = useState<string[]>(['呼吸']);
    return (
      <PlainHandover<boolean>
        facade={(onUse) => <PlainSelectFacade aria-label="专业" placeholder="全部专业" labels={labels} onUse={onUse} />}
        real={(open) => <Real open={open} />}
      />
    );
  }

  it('draws the look-alike until pressed, keeps it (inert) while the real control loads, then shows the real one opened', async () => {
    render(<Field />);
    const combo = screen.getByRole('combobox', { name: '专业' });
    expect(combo).toHaveTextContent('呼吸');
    fireEvent.mouseDown(combo);
    // Still the look-alike while loading.
    expect(screen.getByRole('combobox', { name: '专业' })).toBeInTheDocument();
    await act(async () => resolve());
    expect(await screen.findByRole('listbox', { name: 'opened' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: '专业' })).not.toBeInTheDocument();
  });
});

describe('PlainRangeFacade', () => {
  it('shows the ends or the placeholders, and reports which end was focused', () => {
    const onUse = jest.fn();
    const { rerender } = render(<PlainRangeFacade value={null} placeholders={['开始日期', '结束日期']} onUse={onUse} />);
    expect(screen.getByPlaceholderText('开始日期')).toHaveValue('');
    fireEvent.focus(screen.getByPlaceholderText('结束日期'));
    expect(onUse).toHaveBeenCalledWith(1);
    rerender(<PlainRangeFacade value={['2026-01-01', '2026-02-01']} placeholders={['开始日期', '结束日期']} onUse={onUse} />);
    expect(screen.getByPlaceholderText('开始日期')).toHaveValue('2026-01-01');
    expect(screen.getByPlaceholderText('结束日期')).toHaveValue('2026-02-01');
  });
});
