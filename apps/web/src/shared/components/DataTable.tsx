import { Table, type TableProps } from 'antd';
import type { ColumnType } from 'antd/es/table';
import type { MouseEvent, ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { type ChoosableColumn, useColumnChoice } from '../hooks/useColumnChoice.ts';
import { ColumnChooser } from './ColumnChooser.tsx';
import './dataTable.css';

/** A column of a DataTable: a key and a plain-text title (the column chooser lists it). */
export interface DataColumn<Row> extends Omit<ColumnType<Row>, 'key' | 'title'>, ChoosableColumn {
  key: string;
  title: string;
}

export interface DataTableProps<Row extends object>
  extends Omit<TableProps<Row>, 'columns' | 'onRow' | 'size' | 'scroll' | 'title'> {
  /** Names the table in localStorage, where its column choice is kept. */
  tableId: string;
  /** The first column is the name: pinned to the left, always shown, and the row's link. */
  columns: DataColumn<Row>[];
  /** Where a row leads: the name cell becomes a link and the whole row follows it. */
  rowHref?: (row: Row) => string;
  /** For rows that open something other than a page (a form): a click on the row. */
  onRowClick?: (row: Row) => void;
  /** Shown on the left of the bar above the table, beside the column chooser. */
  extra?: ReactNode;
}

/** Clicks on controls inside a row (links, buttons, check boxes, menus) are theirs, not the row's. */
function fromControl(event: MouseEvent): boolean {
  const target = event.target as Element | null;
  return Boolean(
    target?.closest(
      'a, button, input, label, select, textarea, [role="button"], .ant-popover, .ant-dropdown',
    ),
  );
}

/** Text being selected in a row is not a click on it. */
const selecting = () => (window.getSelection?.()?.toString() ?? '') !== '';

/**
 * The one table set-up of the app (ARCHITECTURE "Web building blocks"): compact rows, the first
 * column pinned, a column chooser remembered per table, and rows that are real links — the name
 * is an `<a href>` (keyboard, Ctrl/Cmd-click, middle-click and "open in new tab" work as on any
 * link) and a click anywhere else on the row follows it too. State (filters, sort, page) is the
 * page's, kept in the URL.
 */
export function DataTable<Row extends object>({
  tableId,
  columns,
  rowHref,
  onRowClick,
  extra,
  rowClassName,
  ...rest
}: DataTableProps<Row>) {
  const navigate = useNavigate();
  const { shownKeys, setShown, reset } = useColumnChoice(tableId, columns.slice(1));
  const [first, ...others] = columns;

  const linkedFirst: DataColumn<Row> | undefined = first && {
    ...first,
    fixed: 'left',
    render: (value: unknown, row: Row, index: number) => {
      const content = first.render ? first.render(value, row, index) : (value as ReactNode);
      if (!rowHref) {
        // Without a page to link to, a button keeps the row's action reachable by keyboard.
        return onRowClick ? (
          <button
            type="button"
            className="data-table__link data-table__button"
            onClick={() => onRowClick(row)}
          >
            {content as ReactNode}
          </button>
        ) : (
          content
        );
      }
      return (
        <Link to={rowHref(row)} className="data-table__link">
          {content as ReactNode}
        </Link>
      );
    },
  };
  const shown = [...(linkedFirst ? [linkedFirst] : []), ...others.filter((c) => shownKeys.includes(c.key))];

  const open = (row: Row, newTab: boolean) => {
    if (rowHref) {
      const href = rowHref(row);
      if (newTab) window.open(href, '_blank', 'noopener');
      else navigate(href);
    } else onRowClick?.(row);
  };
  const clickable = Boolean(rowHref || onRowClick);

  return (
    <Table<Row>
      {...rest}
      size="small"
      className={`data-table ${rest.className ?? ''}`.trim()}
      columns={shown}
      scroll={{ x: 'max-content' }}
      title={() => (
        <div className="data-table__bar">
          <div>{extra}</div>
          <ColumnChooser
            columns={columns.map((c) => ({ key: c.key, title: c.title }))}
            shownKeys={[...(first ? [first.key] : []), ...shownKeys]}
            onToggle={setShown}
            onReset={reset}
          />
        </div>
      )}
      rowClassName={(row, index, indent) =>
        [
          clickable ? 'clickable-row' : '',
          typeof rowClassName === 'function' ? rowClassName(row, index, indent) : (rowClassName ?? ''),
        ]
          .join(' ')
          .trim()
      }
      onRow={(row) =>
        clickable
          ? {
              onClick: (event) => {
                if (fromControl(event) || selecting()) return;
                open(row, Boolean(rowHref) && (event.ctrlKey || event.metaKey || event.shiftKey));
              },
              onAuxClick: (event) => {
                if (event.button === 1 && rowHref && !fromControl(event)) open(row, true);
              },
            }
          : {}
      }
    />
  );
}
