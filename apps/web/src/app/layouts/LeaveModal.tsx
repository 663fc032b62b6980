import { Modal } from 'antd';
import type { ReactNode } from 'react';
import { SignOutButton } from './SignOutButton.tsx';

/**
 * The leave dialog's modal (SPEC sections 1 and 2): an expired investor membership or a dropped startup
 * cannot carry on; the only way out is signing out.
 */
export default function LeaveModal({
  open,
  title,
  children,
}: {
  open: boolean;
  title: ReactNode;
  children: ReactNode;
}) {
  return (
    <Modal
      open={open}
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
