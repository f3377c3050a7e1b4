import type { GridLocaleText } from '@mui/x-data-grid';
import { enUS, esES, trTR } from '@mui/x-data-grid/locales';

type LocaleText = Partial<GridLocaleText>;
const packText = (pack: typeof enUS): LocaleText => pack.components.MuiDataGrid.defaultProps.localeText;

/** "1–25 / 100": MUI's Turkish pack leaves this one English. */
const displayedRows: GridLocaleText['paginationDisplayedRows'] = ({ from, to, count }) =>
  `${from}–${to} / ${count === -1 ? `${to}+` : count}`;

/**
 * MUI X has no Azerbaijani pack: the strings this area shows (toolbar, column menu, pagination,
 * empty states) are ours; anything deeper stays English.
 */
const azerbaijani: LocaleText = {
  noRowsLabel: 'Sətir yoxdur',
  noResultsOverlayLabel: 'Nəticə tapılmadı.',
  toolbarColumns: 'Sütunlar',
  toolbarColumnsLabel: 'Sütunları seçin',
  toolbarDensity: 'Sıxlıq',
  toolbarDensityLabel: 'Sıxlıq',
  toolbarDensityCompact: 'Sıx',
  toolbarDensityStandard: 'Standart',
  toolbarDensityComfortable: 'Geniş',
  toolbarQuickFilterPlaceholder: 'Axtar…',
  toolbarQuickFilterLabel: 'Axtar',
  toolbarQuickFilterDeleteIconLabel: 'Təmizlə',
  toolbarExport: 'İxrac et',
  toolbarExportLabel: 'İxrac et',
  toolbarExportCSV: 'CSV kimi yüklə',
  columnsManagementSearchTitle: 'Axtar',
  columnsManagementNoColumns: 'Sütun yoxdur',
  columnsManagementShowHideAllText: 'Hamısını göstər/gizlət',
  columnsManagementReset: 'Sıfırla',
  columnMenuLabel: 'Menyu',
  columnMenuAriaLabel: (columnName) => `${columnName} sütununun menyusu`,
  columnMenuShowColumns: 'Sütunları göstər',
  columnMenuManageColumns: 'Sütunları idarə et',
  columnMenuHideColumn: 'Sütunu gizlət',
  columnMenuUnsort: 'Sıralamanı ləğv et',
  columnMenuSortAsc: 'Artan sıra ilə',
  columnMenuSortDesc: 'Azalan sıra ilə',
  columnHeaderSortIconLabel: 'Sırala',
  footerTotalRows: 'Cəmi sətir:',
  booleanCellTrueLabel: 'bəli',
  booleanCellFalseLabel: 'xeyr',
  paginationRowsPerPage: 'Səhifədə sətir:',
  paginationDisplayedRows: displayedRows,
  paginationItemAriaLabel: (type) =>
    ({ first: 'İlk səhifə', last: 'Son səhifə', next: 'Növbəti səhifə', previous: 'Əvvəlki səhifə' })[type],
};

/** The data grid's own texts in the interface language. */
export function gridLocaleText(language: string): LocaleText {
  if (language.startsWith('tr')) return { ...packText(trTR), paginationDisplayedRows: displayedRows };
  if (language.startsWith('es')) return packText(esES);
  if (language.startsWith('az')) return { ...packText(enUS), ...azerbaijani };
  return packText(enUS);
}
