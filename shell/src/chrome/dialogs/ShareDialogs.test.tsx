import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api, closeDialog, openDialog } from '@qianyan/shared';
import { act } from 'react';
import QRCode from 'qrcode';
import { CLASSES, renderChrome, resetChrome, setWidth } from '../testUtils';
import { qrDataUrl, SHARE_MSG } from './ShareDialogs';

jest.setTimeout(30_000);

const PAGE = 'http://localhost/article-info?permalinks=QYJ0101';

beforeEach(() => {
  resetChrome('/article-info?permalinks=QYJ0101');
  setWidth(1440);
  jest.spyOn(api.article, 'selectArticleClass').mockResolvedValue(CLASSES);
});
afterEach(() => {
  act(() => closeDialog());
  jest.restoreAllMocks();
});

describe('share QR dialog', () => {
  it('renders a QR code that encodes the page URL', async () => {
    const src = await qrDataUrl(PAGE);
    expect(src).toMatch(/^data:image\/png;base64,/);
    expect(await qrDataUrl(`${PAGE}2`)).not.toBe(src);
    // The symbol's segments (byte and numeric mode) spell the URL back.
    const symbol = QRCode.create(PAGE, { errorCorrectionLevel: 'M' });
    const text = symbol.segments
      .map((s) => (typeof s.data === 'string' ? s.data : Buffer.from(s.data as unknown as Uint8Array).toString('latin1')))
      .join('');
    expect(text).toBe(PAGE);
  });

  it('opens from openDialog with the page URL and title, and closes', async () => {
    renderChrome();
    act(() => openDialog('shareQr', { url: PAGE, title: '晚期非小细胞肺癌的一线免疫治疗' }));
    const dialog = await screen.findByRole('dialog', { name: SHARE_MSG.qrTitle });
    const img = await within(dialog).findByRole('img', { name: SHARE_MSG.qrAlt });
    expect(img).toHaveAttribute('src', await qrDataUrl(PAGE));
    expect(within(dialog).getByText('晚期非小细胞肺癌的一线免疫治疗')).toBeInTheDocument();
    expect(within(dialog).getByText(SHARE_MSG.qrHint)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: /close|关闭/i }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: SHARE_MSG.qrTitle })).not.toBeInTheDocument());
  });

  it('uses this page when no URL is given', async () => {
    renderChrome();
    act(() => openDialog('shareQr'));
    const dialog = await screen.findByRole('dialog', { name: SHARE_MSG.qrTitle });
    const img = await within(dialog).findByRole('img', { name: SHARE_MSG.qrAlt });
    expect(img).toHaveAttribute('src', await qrDataUrl(window.location.href));
  });
});

describe('share hint dialog', () => {
  it('asks to use the browser share function and copies the link', async () => {
    setWidth(390);
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    renderChrome();
    act(() => openDialog('shareHint', { url: PAGE, title: '文章' }));
    const dialog = await screen.findByRole('dialog', { name: SHARE_MSG.hintTitle });
    expect(within(dialog).getByText(SHARE_MSG.hintText)).toBeInTheDocument();
    expect(within(dialog).getByLabelText(SHARE_MSG.link)).toHaveValue(PAGE);
    await userEvent.click(within(dialog).getByRole('button', { name: SHARE_MSG.copy }));
    expect(writeText).toHaveBeenCalledWith(PAGE);
    expect(await screen.findByText(SHARE_MSG.copied)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: SHARE_MSG.done }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: SHARE_MSG.hintTitle })).not.toBeInTheDocument());
  });
});
