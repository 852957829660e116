// antd's bordered Descriptions (middle size) in the brand theme, without antd: label and value cells
// in a table, `columns` pairs to a row. An item of `span: 'row'` takes a row of its own, and the last
// item of a row that is not full widens to its end, as antd's do.
import type { ReactNode } from 'react';
import './descriptions.css';

export interface PlainDescriptionItem {
  key: string;
  label: ReactNode;
  children: ReactNode;
  span?: 'row';
}

/** Items grouped into rows of `columns` label and value pairs; each with the value's colSpan. */
export function descriptionRows(items: readonly PlainDescriptionItem[], columns: number) {
  const rows: { item: PlainDescriptionItem; colSpan: number }[][] = [];
  let row: { item: PlainDescriptionItem; colSpan: number }[] = [];
  const close = () => {
    if (!row.length) return;
    const last = row[row.length - 1]!;
    last.colSpan += (columns - row.length) * 2;
    rows.push(row);
    row = [];
  };
  for (const item of items) {
    if (item.span === 'row') {
      close();
      row.push({ item, colSpan: 1 });
      close();
      continue;
    }
    row.push({ item, colSpan: 1 });
    if (row.length === columns) close();
  }
  close();
  return rows;
}

export function PlainDescriptions({
  items,
  columns = 1,
  className,
}: {
  items: readonly PlainDescriptionItem[];
  columns?: number;
  className?: string;
}) {
  return (
    <div className={className ? `qy-ui-desc ${className}` : 'qy-ui-desc'}>
      <table>
        <tbody>
          {descriptionRows(items, columns).map((row) => (
            <tr key={row[0]!.item.key} className="qy-ui-desc__row">
              {row.flatMap(({ item, colSpan }) => [
                <th key={`${item.key}-label`} className="qy-ui-desc__label" scope="row">
                  {item.label}
                </th>,
                <td key={`${item.key}-value`} className="qy-ui-desc__content" colSpan={colSpan}>
                  {item.children}
                </td>,
              ])}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
