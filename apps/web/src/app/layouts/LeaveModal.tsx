import { Modal } from 'antd';
import type { ReactNode } from 'react';
import { SignOutButton } from './SignOutButton.tsx';

/**
 * The leave dialog's modal, rendered only while the dialog is shown (LeaveDialog loads it on demand).
 */
export default function LeaveModal({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <Modal
      open
      title={title}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      footer={<SignOutButton type="primary" />}
      centered
    >
      <p className="leave-dialog__body">{children}</p>
    </Modal>
  );
}
