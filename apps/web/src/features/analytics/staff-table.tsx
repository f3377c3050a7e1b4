import Box from '@mui/material/Box';
import {
  DataGrid,
  type GridColDef,
  type GridFilterModel,
  type GridSortModel,
  type GridValidRowModel,
} from '@mui/x-data-grid';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@vocagarden/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTablePage, type TablePage, type TableRequest } from './api.ts';
import { gridLocaleText } from './grid-locale.ts';

export interface StaffTableProps<Row extends GridValidRowModel, Field extends string> {
  /** Names the table in query keys, the CSV file and test ids. */
  name: string;
  /** The grid's accessible name, shown in its toolbar. */
  label: string;
  columns: GridColDef<Row>[];
  /** The fields the server sorts by (the contract's allow-list); other columns are not sortable. */
  sortableFields: readonly Field[];
  fetchPage: (request: TableRequest<Field>) => Promise<TablePage<Row>>;
  getRowId: (row: Row) => string | number;
  /** Rows grow with their text (long messages) instead of being cut to one line. */
  wrapText?: boolean;
}

const isSortable = <Field extends string>(fields: readonly Field[], field: string): field is Field =>
  (fields as readonly string[]).includes(field);

/**
 * A staff table over 100,000-row tables: the server pages, sorts and searches (the toolbar's quick
 * search is the API's `search`); the grid shows one page. CSV export writes the rows on screen.
 */
export function StaffTable<Row extends GridValidRowModel, Field extends string>({
  name,
  label,
  columns,
  sortableFields,
  fetchPage,
  getRowId,
  wrapText = false,
}: StaffTableProps<Row, Field>) {
  const { i18n } = useTranslation();
  const [paginationModel, setPaginationModel] = useState({ page: 0, pageSize: DEFAULT_PAGE_SIZE });
  const [sortModel, setSortModel] = useState<GridSortModel>([]);
  const [filterModel, setFilterModel] = useState<GridFilterModel>({ items: [] });

  const sort = sortModel[0];
  const search = (filterModel.quickFilterValues ?? []).join(' ').trim();
  const request: TableRequest<Field> = {
    page: paginationModel.page + 1,
    page_size: paginationModel.pageSize,
    ...(search ? { search } : {}),
    ...(sort && isSortable(sortableFields, sort.field)
      ? { ordering: sort.sort === 'desc' ? (`-${sort.field}` as const) : sort.field }
      : {}),
  };
  const page = useTablePage(name, fetchPage, request);

  const sortableColumns = useMemo(
    () => columns.map((column) => ({ ...column, sortable: isSortable(sortableFields, column.field) })),
    [columns, sortableFields],
  );
  const localeText = useMemo(() => gridLocaleText(i18n.language), [i18n.language]);

  return (
    // The grid does not pass test ids through; its box does.
    <Box data-testid={`table-${name}`}>
      <DataGrid<Row>
        // The section's heading shows the name; the grid carries it for screen readers.
        aria-label={label}
        rows={page.data?.results ?? []}
        rowCount={page.data?.count ?? 0}
        columns={sortableColumns}
        getRowId={getRowId}
        loading={page.isFetching}
        paginationMode="server"
        sortingMode="server"
        filterMode="server"
        paginationModel={paginationModel}
        onPaginationModelChange={setPaginationModel}
        pageSizeOptions={[10, DEFAULT_PAGE_SIZE, 50, MAX_PAGE_SIZE]}
        sortModel={sortModel}
        onSortModelChange={(model) => {
          setSortModel(model);
          setPaginationModel((current) => ({ ...current, page: 0 }));
        }}
        filterModel={filterModel}
        onFilterModelChange={(model) => {
          setFilterModel(model);
          setPaginationModel((current) => ({ ...current, page: 0 }));
        }}
        // Only the server's search filters: column filters would only see the page on screen.
        disableColumnFilter
        disableRowSelectionOnClick
        showToolbar
        slotProps={{
          toolbar: {
            quickFilterProps: { debounceMs: 400 },
            csvOptions: { fileName: `vocagarden-${name}`, utf8WithBom: true },
            printOptions: { disableToolbarButton: true },
          },
        }}
        localeText={localeText}
        getRowHeight={wrapText ? () => 'auto' : undefined}
        sx={{
          minHeight: 300,
          ...(wrapText ? { '& .MuiDataGrid-cell': { py: 1, whiteSpace: 'normal', wordBreak: 'break-word' } } : {}),
        }}
      />
    </Box>
  );
}
