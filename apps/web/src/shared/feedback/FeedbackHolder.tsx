import { Modal, message, notification } from 'antd';
import { useEffect } from 'react';
import type { Feedback } from './index.tsx';

/** antd's message, notification and modal holders: loaded on the first call (see FeedbackProvider). */
export default function FeedbackHolder({ onReady }: { onReady: (feedback: Feedback) => void }) {
  const [messageApi, messageHolder] = message.useMessage();
  const [notificationApi, notificationHolder] = notification.useNotification();
  const [modalApi, modalHolder] = Modal.useModal();
  useEffect(() => {
    onReady({ message: messageApi, notification: notificationApi, modal: modalApi });
  }, [onReady, messageApi, notificationApi, modalApi]);
  return (
    <>
      {messageHolder}
      {notificationHolder}
      {modalHolder}
    </>
  );
}
