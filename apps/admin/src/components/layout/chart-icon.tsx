import type { SVGProps } from 'react';

/** The dashboard's icon (bars on an axis), in the stroke style of icons.tsx. */
export const ChartIcon = (p: SVGProps<SVGSVGElement>) => (
  <svg
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth={1.8}
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    {...p}
  >
    <path d="M4 4v16h16M8 16v-4M12 16V8M16 16v-6" />
  </svg>
);
