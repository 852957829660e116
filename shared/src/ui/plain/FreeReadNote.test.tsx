import { render, screen } from '@testing-library/react';
import { FREE_READ_TEXT, FreeReadNote, freeReadsLeft } from '.';

describe('FreeReadNote', () => {
  it('words the count and the renewal month', () => {
    render(<FreeReadNote remaining={1} renewsOn="2026-08-01" />);
    expect(screen.getByText('本月剩余免费阅读 1 篇')).toBeInTheDocument();
    expect(screen.getByText('8月1日更新')).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('renews in January after December, and omits a date it does not have or cannot read', () => {
    const { container, rerender } = render(<FreeReadNote remaining={0} renewsOn="2027-01-01" live />);
    expect(screen.getByRole('status')).toHaveTextContent(/^本月剩余免费阅读 0 篇·1月1日更新$/);
    expect(container.querySelector('.qy-free-reads__count--none')).not.toBeNull();
    rerender(<FreeReadNote remaining={0} renewsOn={null} live />);
    expect(screen.getByRole('status')).toHaveTextContent(/^本月剩余免费阅读 0 篇$/);
    rerender(<FreeReadNote remaining={1} renewsOn="2026-08-15" live />);
    expect(screen.getByRole('status')).toHaveTextContent(/^本月剩余免费阅读 1 篇$/);
  });

  it('reads the count from is_month_chance: 2 one left, 1 used up', () => {
    expect(freeReadsLeft(2)).toBe(1);
    expect(freeReadsLeft(1)).toBe(0);
    expect(FREE_READ_TEXT.left(freeReadsLeft(2))).toBe('本月剩余免费阅读 1 篇');
  });
});
