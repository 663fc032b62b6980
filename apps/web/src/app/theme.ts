import { THEME_PRIMARY } from '@dealflow/domain';
import type { ThemeConfig } from 'antd';

/** A Traditional Chinese sans font plus Roboto (SPEC section 9), then the platform defaults. */
export const FONT_FAMILY = [
  'Roboto',
  '"Noto Sans TC"',
  '"PingFang TC"',
  '"Microsoft JhengHei"',
  '"Roboto Condensed"',
  '-apple-system',
  'BlinkMacSystemFont',
  '"Segoe UI"',
  '"Helvetica Neue"',
  'Arial',
  'sans-serif',
].join(', ');

/**
 * Gold primary with green success, orange warning, red danger and grey info (SPEC section 9).
 * The brand gold (#b88f48) is 2.97:1 against white, under WCAG AA's 4.5:1 for text: anything
 * that carries text in the primary colour (buttons with white text, links, the selected menu item
 * and tab) uses a darker shade of the same gold, 5.4:1 on white and 4.9:1 on the page grey. The
 * brand gold stays for what carries no text (borders, focus ring, the logo mark, accents).
 */
export const THEME_COLORS = {
  brand: THEME_PRIMARY,
  primary: '#866428',
  primaryHover: '#6f521f',
  primaryActive: '#5c4419',
  /** 4.9:1 on white: success text (Typography type="success") is read, not only seen. */
  success: '#2f7d47',
  warning: '#e8892b',
  danger: '#d4380d',
  /** antd lightens danger on hover (3.6:1 on white); like the gold, it darkens here instead. */
  dangerHover: '#b32f0b',
  dangerActive: '#962709',
  info: '#8c8c8c',
  /** Secondary text: 5.7:1 on white, 5.3:1 on the page grey (antd's 45 % black is 3.4:1). */
  textSecondary: 'rgba(0, 0, 0, 0.6)',
  placeholder: 'rgba(0, 0, 0, 0.55)',
} as const;

export const appTheme: ThemeConfig = {
  cssVar: { key: 'dealflow' },
  token: {
    colorPrimary: THEME_COLORS.primary,
    colorPrimaryHover: THEME_COLORS.primaryHover,
    colorPrimaryActive: THEME_COLORS.primaryActive,
    colorSuccess: THEME_COLORS.success,
    colorWarning: THEME_COLORS.warning,
    colorError: THEME_COLORS.danger,
    colorErrorHover: THEME_COLORS.dangerHover,
    colorErrorActive: THEME_COLORS.dangerActive,
    colorInfo: THEME_COLORS.info,
    // antd derives links from the info colour; links stay gold like the rest of the brand.
    // Light gold fills behind selected items (antd would derive a greyish one from the dark gold).
    colorPrimaryBg: '#f7f1e3',
    colorPrimaryBgHover: '#efe4cc',
    colorLink: THEME_COLORS.primary,
    colorLinkHover: THEME_COLORS.primaryHover,
    colorLinkActive: THEME_COLORS.primaryActive,
    colorTextSecondary: THEME_COLORS.textSecondary,
    colorTextTertiary: THEME_COLORS.textSecondary,
    colorTextDescription: THEME_COLORS.textSecondary,
    colorTextPlaceholder: THEME_COLORS.placeholder,
    // The information banner is a light panel, not a grey bar: a pale fill, a hairline border.
    colorInfoBg: '#f7f7f6',
    colorInfoBorder: '#e4e2de',
    fontFamily: FONT_FAMILY,
    borderRadius: 6,
  },
  components: {
    Alert: { colorInfo: '#6b6b6b' },
    // Status tags write in their colour on a pale fill of it: the brand shades read 2.4:1 (green)
    // to 3.1:1 (grey) there; darker shades of the same hues read 4.5:1 or better.
    Tag: { colorInfo: '#595959', colorSuccess: '#24643a', colorWarning: '#8a4b0f', colorError: '#a8290a' },
    Menu: { itemSelectedBg: '#f7f1e3', itemSelectedColor: THEME_COLORS.primaryHover },
    Layout: {
      headerHeight: 80,
      headerBg: '#ffffff',
      headerPadding: '0 24px',
      siderBg: '#ffffff',
      bodyBg: '#f5f5f4',
    },
  },
};
