// Toasts last 2.5 s and at most 3 show at once (spec §8).
import { message } from 'antd';
import { TOAST_MAX_COUNT, TOAST_SECONDS } from './constants';

message.config({ duration: TOAST_SECONDS, maxCount: TOAST_MAX_COUNT, top: 72 });

export const toast = {
  success: (text: string) => void message.success(text),
  error: (text: string) => void message.error(text),
  warning: (text: string) => void message.warning(text),
  info: (text: string) => void message.info(text),
};
