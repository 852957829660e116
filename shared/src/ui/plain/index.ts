// @qianyan/shared/plain: presentational pieces drawn like antd's in the brand theme, without antd,
// for the screens whose first view must not load it (docs/decisions.md, "The first view without the
// chrome's antd"). Plain React and CSS: each app bundles the pieces it imports (not a federation
// shared module), and its CSS comes with each piece.
export { PlainButton } from './Button';
export type { PlainButtonProps } from './Button';
export { PlainCardPlaceholders, PlainSkeleton, PlainLoadingState, PlainEmptyState, PlainErrorState, PlainQueryPending } from './States';
export { PlainPagination, PAGINATION_TEXT, pagerItems } from './Pagination';
export type { PlainPaginationProps } from './Pagination';
export { PlainTabs, PlainTabPanel } from './Tabs';
export { PlainCollapse } from './Collapse';
export type { PlainCollapseItem } from './Collapse';
export { PlainSegmented } from './Segmented';
export { PlainHandover } from './Handover';
export { PlainRangeFacade } from './RangeFacade';
export { PlainSelectFacade } from './SelectFacade';
export type { PlainTabItem } from './Tabs';
export { PlainCarousel, CAROUSEL_TEXT, useCarouselPause } from './Carousel';
export {
  PlainIcon,
  LeftIcon,
  RightIcon,
  DoubleLeftIcon,
  DoubleRightIcon,
  EllipsisIcon,
  LoadingIcon,
  LockIcon,
  ShareIcon,
  StarFilledIcon,
  StarIcon,
  WechatIcon,
  WeiboIcon,
  SwapRightIcon,
  CalendarIcon,
  DownIcon,
  FilterIcon,
  PlayCircleIcon,
  SoundIcon,
  EditIcon,
  ExclamationCircleFilledIcon,
  CameraIcon,
} from './icons';
export { PlainPopover } from './Popover';
export { ShareTargets } from './ShareTargets';
export { PlainSendCodeButton } from './SendCodeButton';
export { SEND_CODE_MSG, sendVerificationCode } from '../sendCode';
export { SideLinkList } from './SideLinkList';
export type { SideLink, SideLinkComponent } from './SideLinkList';
export { useDismiss } from './useDismiss';
export type { DismissReason } from './useDismiss';
export { PageHead } from './PageHead';
export { FreeReadNote, FREE_READ_TEXT, freeReadsLeft } from './FreeReadNote';
export { VISUALLY_HIDDEN } from './visuallyHidden';
export { BLANK_COVER, CARD_GRID, COVER_IMG, QUIET_LINKS, RULED_LIST, SECTION_TITLE, SLIDE_CAPTION, SPREAD_ROW, TITLE_BUTTON, ZOOM_COVER } from './blocks';
export { PlainPagedList } from './PagedList';
export type { PagedQuery } from './PagedList';
export { LINK_BUTTON, SectionLinks } from './SectionLinks';
export type { RouterLink } from './SectionLinks';
export { PlainCheckbox } from './Checkbox';
export { PlainDescriptions, descriptionRows } from './Descriptions';
export type { PlainDescriptionItem } from './Descriptions';
export { PlainWarningAlert } from './Alert';
export { useThemedModal } from './useThemedModal';
export type { ThemedModalRequest } from './useThemedModal';
export { useMinWidth } from './useMinWidth';
