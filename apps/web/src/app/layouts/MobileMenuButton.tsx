import { MenuOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';

/** Opens the menu drawer below the 992 px breakpoint. */
export function MobileMenuButton({
  open,
  onOpen,
  onPrefetch,
  controls,
}: {
  open: boolean;
  onOpen: () => void;
  /** Fetches the drawer's code ahead, when the pointer or focus reaches the button. */
  onPrefetch?: () => void;
  controls: string;
}) {
  const { t } = useTranslation();
  return (
    <Button
      type="text"
      size="large"
      icon={<MenuOutlined aria-hidden />}
      aria-label={t('common.menu')}
      aria-expanded={open}
      aria-controls={controls}
      onPointerEnter={onPrefetch}
      onFocus={onPrefetch}
      onClick={onOpen}
    />
  );
}
