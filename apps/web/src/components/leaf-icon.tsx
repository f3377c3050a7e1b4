import SvgIcon, { type SvgIconProps } from '@mui/material/SvgIcon';

/** The brand's leaf, drawn in currentColor so every logo variant can tint it. */
export function LeafIcon(props: SvgIconProps) {
  return (
    <SvgIcon viewBox="0 0 24 24" {...props}>
      <path
        fillRule="evenodd"
        d="M21 3C12 3 5 7 5 14.5c0 1.3.3 2.5.8 3.5l-2.5 2.6 1.1 1.1 2.5-2.6c1.1.6 2.4.9 3.7.9C18 20 21.5 12 21 3zM8.1 17.2c2.2-4 5-7.3 9.2-10.4-3.5 3.7-5.8 6.9-7.8 11.2z"
      />
    </SvgIcon>
  );
}
