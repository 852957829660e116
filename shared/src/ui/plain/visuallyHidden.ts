// Text kept for assistive technology only (a heading the layout does not show, a compact label).
import './visuallyHidden.css';

export const VISUALLY_HIDDEN = 'qy-visually-hidden';
