import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PlainCollapse } from './Collapse';

const items = [
  { key: 'a', label: '问题一', children: <p>答案一</p> },
  { key: 'b', label: '问题二', children: <p>答案二</p> },
];

describe('PlainCollapse', () => {
  it('draws a panel when it is first opened, hides it when closed and keeps it drawn', async () => {
    const onChange = jest.fn();
    render(<PlainCollapse items={items} onChange={onChange} />);
    const first = screen.getByRole('button', { name: '问题一' });
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('答案一')).not.toBeInTheDocument();

    await userEvent.click(first);
    expect(first).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('答案一')).toBeVisible();
    expect(document.getElementById(first.getAttribute('aria-controls')!)).toContainElement(screen.getByText('答案一'));
    expect(onChange).toHaveBeenLastCalledWith(['a']);

    await userEvent.click(screen.getByRole('button', { name: '问题二' }));
    expect(screen.getByText('答案二')).toBeVisible();
    expect(screen.getByText('答案一')).toBeVisible();
    expect(onChange).toHaveBeenLastCalledWith(['a', 'b']);

    await userEvent.click(first);
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText('答案一')).not.toBeVisible();
    expect(onChange).toHaveBeenLastCalledWith(['b']);
  });
});
