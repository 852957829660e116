// The subscription panel's antd parts, a chunk of their own: the first view of the panel draws no
// antd (plain.tsx), and this loads when the member opens the orders, starts paying or opens the
// agreement. Each part renders in its own brand theme and antd App (the confirm dialogs of the pay
// dialog and the order list), since the panel sits in another app's tree.
import { App, Modal } from 'antd';
import { ThemeScope } from '@qianyan/shared';
import { RichHtml } from '@qianyan/shared/core';
import type { ComponentType, ReactNode } from 'react';
import { PAY_FLOW_MSG } from '../messages';
import { AddressModal } from './AddressModal';
import { DesktopPayModal } from './DesktopPayModal';
import { MobilePayModal } from './MobilePayModal';
import { OrderList } from './OrderList';
import './themed.css';

function Themed({ children }: { children: ReactNode }) {
  return (
    <ThemeScope>
      <App component={false}>{children}</App>
    </ThemeScope>
  );
}

/** `Part` in its own theme and antd App. */
function themed<P extends object>(Part: ComponentType<P>) {
  return function ThemedPart(props: P) {
    return (
      <Themed>
        <Part {...props} />
      </Themed>
    );
  };
}

export const ThemedOrderList = themed(OrderList);
export const ThemedAddressModal = themed(AddressModal);
export const ThemedDesktopPayModal = themed(DesktopPayModal);
export const ThemedMobilePayModal = themed(MobilePayModal);

/** Back from a phone cashier: 是否已完成支付？ */
export function ReturnAskModal({ open, onOk, onCancel }: { open: boolean; onOk: () => void; onCancel: () => void }) {
  return (
    <Themed>
      <Modal
        open={open}
        title={PAY_FLOW_MSG.askDoneTitle}
        okText={PAY_FLOW_MSG.doneYes}
        cancelText={PAY_FLOW_MSG.doneNo}
        closable={false}
        maskClosable={false}
        onOk={onOk}
        onCancel={onCancel}
      >
        <p>{PAY_FLOW_MSG.returnAskText}</p>
      </Modal>
    </Themed>
  );
}

/** The membership agreement (the operator's own HTML from the server). */
export function AgreementModal({ open, title, html, onClose }: { open: boolean; title?: string; html?: string; onClose: () => void }) {
  return (
    <Themed>
      <Modal open={open} title={title} footer={null} onCancel={onClose} width={640}>
        <RichHtml className="qy-sub__agreement-body" html={html} />
      </Modal>
    </Themed>
  );
}
