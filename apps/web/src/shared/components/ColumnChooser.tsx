import { SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Popover } from 'antd';
import { useTranslation } from 'react-i18next';

/** A button that opens the list of a table's columns with a check box each; the first is pinned. */
export function ColumnChooser({
  columns,
  shownKeys,
  onToggle,
  onReset,
}: {
  columns: ReadonlyArray<{ key: string; title: string }>;
  shownKeys: readonly string[];
  onToggle: (key: string, shown: boolean) => void;
  onReset: () => void;
}) {
  const { t } = useTranslation();
  const [pinned, ...rest] = columns;
  const content = (
    <fieldset className="column-chooser">
      <legend className="column-chooser__legend">{t('board.table.columnsTitle')}</legend>
      {pinned && (
        <Checkbox checked disabled>
          {pinned.title} <span className="column-chooser__note">{t('board.table.pinned')}</span>
        </Checkbox>
      )}
      {rest.map((column) => (
        <Checkbox
          key={column.key}
          checked={shownKeys.includes(column.key)}
          onChange={(event) => onToggle(column.key, event.target.checked)}
        >
          {column.title}
        </Checkbox>
      ))}
      <Button type="link" size="small" className="column-chooser__reset" onClick={onReset}>
        {t('board.table.reset')}
      </Button>
    </fieldset>
  );
  return (
    <Popover trigger="click" placement="bottomRight" content={content}>
      <Button size="small" icon={<SettingOutlined aria-hidden />}>
        {t('board.table.columns')}
      </Button>
    </Popover>
  );
}
