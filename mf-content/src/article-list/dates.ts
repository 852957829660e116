// The lists' date bounds live in @qianyan/shared beside the range calendar that reads them.
export { isDisabledListDate, isOutside, LIST_BOUNDS, LIST_MIN_DATE, maxOf, type DateBounds } from '@qianyan/shared';
