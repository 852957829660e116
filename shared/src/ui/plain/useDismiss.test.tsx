import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { useDismiss, type DismissReason } from './useDismiss';

function Popup({ onDismiss }: { onDismiss: (reason: DismissReason) => void }) {
  const [open, setOpen] = useState(true);
  const ref = useRef<HTMLDivElement>(null);
  useDismiss(open, ref, (reason) => {
    onDismiss(reason);
    setOpen(false);
  });
  return (
    <>
      <div ref={ref}>
        <button type="button">inside</button>
        {open && <span>panel</span>}
      </div>
      <button type="button">outside</button>
    </>
  );
}

describe('useDismiss', () => {
  it('closes on Escape', async () => {
    const seen = jest.fn();
    render(<Popup onDismiss={seen} />);
    await userEvent.keyboard('{Escape}');
    expect(seen).toHaveBeenCalledWith('escape');
    expect(screen.queryByText('panel')).toBeNull();
  });

  it('closes on a press outside, not on one inside', async () => {
    const seen = jest.fn();
    render(<Popup onDismiss={seen} />);
    await userEvent.click(screen.getByRole('button', { name: 'inside' }));
    expect(seen).not.toHaveBeenCalled();
    expect(screen.getByText('panel')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'outside' }));
    expect(seen).toHaveBeenCalledWith('outside');
    expect(screen.queryByText('panel')).toBeNull();
  });

  it('listens only while open', async () => {
    const seen = jest.fn();
    render(<Popup onDismiss={seen} />);
    await userEvent.keyboard('{Escape}');
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByRole('button', { name: 'outside' }));
    expect(seen).toHaveBeenCalledTimes(1);
  });
});
