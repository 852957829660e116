import { AppProviders, MSG } from '@qianyan/shared';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { PaymentRoutes } from '../App';

describe('QR payment page before the payment module', () => {
  it('says the payment page is being built, and does not claim the QR code is invalid', () => {
    render(
      <AppProviders>
        <MemoryRouter initialEntries={['/qrcode-member-ali-pay/12/abc']}>
          <PaymentRoutes />
        </MemoryRouter>
      </AppProviders>,
    );
    expect(screen.getByRole('heading', { level: 1, name: '支付页面建设中' })).toBeInTheDocument();
    expect(screen.queryByText(MSG.invalidPaymentQr)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: '首页' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: '查看会员方案' })).toHaveAttribute('href', '/personal?type=flag4');
    expect(document.title).toBe('会员支付 - 千言医学');
  });
});
