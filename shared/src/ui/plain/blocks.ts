// Class names for the small looks several screens repeat (a card's cover, a slide's caption, a grid
// of cards, a title drawn as a button…), so each is written once. Importing a name brings its CSS.
import './blocks.css';

/** An image that fills its box (a card's or a slide's cover), cropped to it. */
export const COVER_IMG = 'qy-ui-cover-img';
/** A card whose cover grows a little under the pointer. */
export const ZOOM_COVER = 'qy-ui-zoom-cover';
/** In place of a missing cover: the brand's red field with a word on it. */
export const BLANK_COVER = 'qy-ui-blank-cover';
/** The text over the foot of a slide, on a shade that keeps it legible. */
export const SLIDE_CAPTION = 'qy-ui-slide-caption';
/** A list of cards, three a row. */
export const CARD_GRID = 'qy-ui-card-grid';
/** A button that reads as a title (the card opens on click): no frame, red under the pointer. */
export const TITLE_BUTTON = 'qy-ui-title-button';
/** A list of rows with a rule between them; `--qy-rule` and `--qy-rule-gap` change the rule and the rows' padding. */
export const RULED_LIST = 'qy-ui-ruled-list';
/** Links without an underline that turn red under the pointer; `--qy-link` is their colour at rest. */
export const QUIET_LINKS = 'qy-ui-quiet-links';
/** A section's heading behind a red rule at its left. */
export const SECTION_TITLE = 'qy-ui-section-title';
/** A row whose ends are pushed apart (a title and its action, tags and a date). */
export const SPREAD_ROW = 'qy-ui-spread-row';
