import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from './messages';
import { QueryPending } from './QueryPending';

const query = (over: { loading?: boolean; error?: Error | null; reload?: () => void } = {}) => ({
  loading: false,
  error: null,
  reload: () => {},
  ...over,
});

describe('QueryPending', () => {
  it('shows no failure and no retry while the query loads', () => {
    render(<QueryPending query={query({ loading: true, error: new Error('网络异常') })} rows={3} />);
    expect(screen.queryByText('网络异常')).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it("shows the failure's message and reloads the query on 重试", async () => {
    const reload = jest.fn();
    render(<QueryPending query={query({ error: new Error('网络异常'), reload })} />);
    expect(screen.getByText('网络异常')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button'));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('says the service is busy when the failure has no message', () => {
    render(<QueryPending query={query()} />);
    expect(screen.getByText(MSG.busy)).toBeInTheDocument();
  });
});
