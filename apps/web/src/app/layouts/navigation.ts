import ClassOutlinedIcon from '@mui/icons-material/ClassOutlined';
import HomeOutlinedIcon from '@mui/icons-material/HomeOutlined';
import ListAltOutlinedIcon from '@mui/icons-material/ListAltOutlined';
import LocalFloristOutlinedIcon from '@mui/icons-material/LocalFloristOutlined';

/** The four destinations of the logged-in layout, in the spec's order. */
export const navigationEntries = [
  { path: '/home', labelKey: 'nav.home', Icon: HomeOutlinedIcon },
  { path: '/vocabulary', labelKey: 'nav.vocabulary', Icon: LocalFloristOutlinedIcon },
  { path: '/mylists', labelKey: 'nav.myLists', Icon: ListAltOutlinedIcon },
  { path: '/classroom', labelKey: 'nav.classroom', Icon: ClassOutlinedIcon },
] as const;
