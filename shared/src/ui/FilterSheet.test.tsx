import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { FILTER_SHEET_TEXT as T, FilterSheet, useFilterDraft } from './FilterSheet';

/** A sheet over one number: + raises the draft, 确定 applies it, 重置 sets the draft to 0. */
function Harness({ onApply }: { onApply: (n: number) => void }) {
  const [open, setOpen] = useState(false);
  const [applied, setApplied] = useState(1);
  const [draft, setDraft] = useFilterDraft(open, () => applied);
  return (
    <>
      <button onClick={() => setOpen(true)}>open</button>
      <FilterSheet
        open={open}
        onClose={() => setOpen(false)}
        onReset={() => setDraft(0)}
        onConfirm={() => (setApplied(draft), onApply(draft), setOpen(false))}
        className="sheet"
        footClassName="foot"
      >
        <output aria-label="draft">{draft}</output>
        <button onClick={() => setDraft(draft + 1)}>+</button>
      </FilterSheet>
    </>
  );
}

// Outside ThemeScope antd spaces a two-character label (确 定).
const spaced = (label: string) => new RegExp(`^${[...label].join('\\s?')}$`);

describe('filter sheet', () => {
  it('keeps changes as a draft until 确定, starts again from the applied filters, and 重置 clears the draft', async () => {
    const onApply = jest.fn();
    render(<Harness onApply={onApply} />);
    fireEvent.click(screen.getByText('open'));
    expect(await screen.findByText(T.filters)).toBeInTheDocument();
    fireEvent.click(screen.getByText('+'));
    expect(screen.getByLabelText('draft')).toHaveTextContent('2');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    fireEvent.click(screen.getByText('open'));
    expect(screen.getByLabelText('draft')).toHaveTextContent('1');
    expect(onApply).not.toHaveBeenCalled();
    fireEvent.click(screen.getByText('+'));
    fireEvent.click(screen.getByRole('button', { name: spaced(T.confirm) }));
    expect(onApply).toHaveBeenCalledWith(2);
    fireEvent.click(screen.getByText('open'));
    fireEvent.click(screen.getByRole('button', { name: spaced(T.reset) }));
    expect(screen.getByLabelText('draft')).toHaveTextContent('0');
  });
});
