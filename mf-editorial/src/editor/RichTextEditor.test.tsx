import { render, screen, waitFor } from '@testing-library/react';
import { AppProviders } from '@qianyan/shared';
import { RichTextEditor } from './RichTextEditor';

// jsdom lays nothing out: ProseMirror's scrolling to the cursor asks ranges for their boxes.
beforeAll(() => {
  const none = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getClientRects = none;
  Range.prototype.getBoundingClientRect = () => new DOMRect();
});

describe('the commentary editor', () => {
  it('shows the divider as a labelled bar and counts what a non-member sees, live', async () => {
    const changes: string[] = [];
    const { container } = render(
      <AppProviders>
        <RichTextEditor label="评述" freeDivider initialHtml="<p>免费的一段</p><hr><p>会员的一段</p>" onChange={(html) => changes.push(html)} />
      </AppProviders>,
    );
    expect(await screen.findByRole('separator', { name: '以上为免费部分' })).toBeInTheDocument();
    expect(screen.getByTestId('free-count')).toHaveTextContent('非会员可见：5 字');
    // Move the bar below the second paragraph: the member's paragraph becomes free.
    screen.getByRole('button', { name: '下移分隔线' }).click();
    await waitFor(() => expect(screen.getByTestId('free-count')).toHaveTextContent('非会员可见：10 字'));
    expect(changes.at(-1)).toBe('<p>免费的一段</p><p>会员的一段</p><hr><p></p>');
    // Removing it: nothing is free, and the editor says so.
    screen.getByRole('button', { name: '删除分隔线' }).click();
    await waitFor(() => expect(screen.getByTestId('free-count')).toHaveTextContent('未设置免费部分分隔线'));
    expect(container.querySelector('hr')).toBeNull();
  });

  it('offers to insert the divider only when there is none', async () => {
    render(
      <AppProviders>
        <RichTextEditor label="评述" freeDivider initialHtml="<p>只有一段</p>" onChange={() => undefined} />
      </AppProviders>,
    );
    const insert = await screen.findByRole('button', { name: /插入免费部分分隔线/ });
    expect(screen.getByTestId('free-count')).toHaveTextContent('未设置免费部分分隔线');
    insert.click();
    await waitFor(() => expect(screen.getByTestId('free-count')).toHaveTextContent('非会员可见：4 字'));
    expect(screen.getByRole('button', { name: /插入免费部分分隔线/ })).toBeDisabled();
  });
});
